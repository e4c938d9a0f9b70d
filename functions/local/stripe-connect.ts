// Stripe Connect in the local Stripe stand-in: connected accounts (`POST /v1/accounts`, `GET /v1/accounts/:id`) and
// account links (`POST /v1/account_links`) with Stripe's shapes and refusals, and the local onboarding page an account
// link opens. "Complete" submits the account's details (charges and payouts enabled, nothing due), "Leave incomplete"
// leaves requirements due; either sends a signed `account.updated` Connect event — it carries `account`, and is signed
// with the Connect endpoint's own secret, as Stripe does — to the local API, then goes to the link's return_url. A
// link is single-use and lives five minutes: opened again (or late), it goes to its refresh_url, as on Stripe.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_STRIPE_KEYS } from './settings';
import { escapeHtml, fail, id, metadataOf, ok, readBody, stripeSignature, type Answer } from './stripe-api';

type AccountType = 'express' | 'standard' | 'custom';
const ACCOUNT_TYPES: readonly AccountType[] = ['custom', 'express', 'standard'];

interface Requirements {
  currently_due: string[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
  disabled_reason: string | null;
  current_deadline: number | null;
  errors: unknown[];
}

interface Account {
  id: string;
  object: 'account';
  type: AccountType;
  country: string;
  email: string | null;
  default_currency: string;
  business_profile: { name: string | null; url: string | null };
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: Requirements;
  metadata: Record<string, string>;
  created: number;
}

interface AccountLink {
  account: string;
  type: 'account_onboarding' | 'account_update';
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

/** What a new Express account must still provide before it can take charges (a US individual's, as Stripe lists them). */
const ONBOARDING_FIELDS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.dob.day',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
/** What "Leave incomplete" leaves due: the agency stopped before the bank account and the terms. */
const LEFT_DUE = ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];

const LINK_SECONDS = 300;
const now = () => Math.floor(Date.now() / 1000);

const requirementsDue = (fields: string[]): Requirements => ({
  currently_due: [...fields],
  eventually_due: [...fields],
  past_due: [...fields],
  pending_verification: [],
  disabled_reason: fields.length > 0 ? 'requirements.past_due' : null,
  current_deadline: null,
  errors: [],
});

function isUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function onboardingPage(link: AccountLink, linkId: string, account: Account): string {
  const name = account.business_profile.name ?? account.email ?? account.id;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stripe test onboarding</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:400px;width:calc(100% - 32px)}h1{font-size:20px;margin:0 0 8px}p{margin:4px 0 16px;color:#4f566b}button{width:100%;padding:12px;border:0;border-radius:6px;font-size:16px;font-weight:600;margin-top:8px;cursor:pointer}.complete{background:#635bff;color:#fff}.later{background:#e3e8ee;color:#1a1f36}</style></head>
<body><main><h1>Set up payments for ${escapeHtml(name)}</h1><p>Local Stripe stand-in · test mode · ${escapeHtml(link.type === 'account_onboarding' ? 'onboarding' : 'update')}</p>
<p>Complete submits test business details and a test bank account. Leave incomplete stops before the bank account and the terms.</p>
<form method="post" action="/connect/onboarding/${escapeHtml(linkId)}/complete"><button class="complete" type="submit">Complete</button></form>
<form method="post" action="/connect/onboarding/${escapeHtml(linkId)}/incomplete"><button class="later" type="submit">Leave incomplete</button></form></main></body></html>`;
}

/** The Connect part of the stand-in: `api` answers its API calls (undefined for any other), `page` serves onboarding. */
export function connectStandIn(base: string, webhookUrl: string) {
  const accounts = new Map<string, Account>();
  const links = new Map<string, AccountLink>();

  /** A Connect event: as the platform's, plus the connected account it happened on. */
  async function deliver(type: string, account: Account, previous: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      account: account.id,
      api_version: '2025-01-27',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: account, previous_attributes: previous },
    });
    try {
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, LOCAL_STRIPE_KEYS.connectWebhookSecret) }, body: payload });
      if (!res.ok) console.warn(`Stripe stand-in: the Connect webhook answered ${res.status}`);
    } catch (error) {
      console.warn(`Stripe stand-in: the Connect webhook could not be delivered: ${(error as Error).message}`);
    }
  }

  function createAccount(form: URLSearchParams): Answer {
    const type = form.get('type');
    if (!type) return fail(400, 'Missing required param: type.', 'parameter_missing', 'type');
    if (!ACCOUNT_TYPES.includes(type as AccountType)) return fail(400, `Invalid type: must be one of ${ACCOUNT_TYPES.join(', ')}`, 'parameter_invalid_string', 'type');
    const country = form.get('country') ?? 'US';
    if (!/^[A-Z]{2}$/.test(country)) return fail(400, `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`, 'country_unsupported', 'country');
    const email = form.get('email');
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return fail(400, `Invalid email address: ${email}`, 'email_invalid', 'email');
    const url = form.get('business_profile[url]');
    if (url !== null && !isUrl(url)) return fail(400, 'Not a valid URL', 'url_invalid', 'business_profile[url]');
    // Stripe: an Express account must request transfers (destination charges pay into it).
    if (type === 'express' && form.get('capabilities[transfers][requested]') !== 'true') {
      return fail(400, 'Express accounts must request the `transfers` capability.', 'parameter_missing', 'capabilities');
    }
    const requested = ['card_payments', 'transfers'].filter((c) => form.get(`capabilities[${c}][requested]`) === 'true');
    const account: Account = {
      id: id('acct'),
      object: 'account',
      type: type as AccountType,
      country,
      email,
      default_currency: country === 'US' ? 'usd' : 'eur',
      business_profile: { name: form.get('business_profile[name]'), url },
      capabilities: Object.fromEntries(requested.map((c) => [c, 'inactive' as const])),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: requirementsDue(ONBOARDING_FIELDS),
      metadata: metadataOf(form),
      created: now(),
    };
    accounts.set(account.id, account);
    return ok(account);
  }

  function createLink(form: URLSearchParams): Answer {
    for (const param of ['account', 'type', 'refresh_url', 'return_url']) {
      if (!form.get(param)) return fail(400, `Missing required param: ${param}.`, 'parameter_missing', param);
    }
    const account = accounts.get(form.get('account')!);
    if (!account) return fail(400, `No such account: '${form.get('account')}'`, 'resource_missing', 'account');
    const type = form.get('type')!;
    if (type !== 'account_onboarding' && type !== 'account_update') return fail(400, 'Invalid type: must be one of account_onboarding or account_update', 'parameter_invalid_string', 'type');
    if (type === 'account_update' && account.type !== 'custom') return fail(400, `You cannot create \`account_update\` type Account Links for ${account.type} accounts.`, undefined, 'type');
    for (const param of ['refresh_url', 'return_url']) {
      if (!isUrl(form.get(param))) return fail(400, 'Not a valid URL', 'url_invalid', param);
    }
    const linkId = id('acctlink');
    const link: AccountLink = { account: account.id, type, refreshUrl: form.get('refresh_url')!, returnUrl: form.get('return_url')!, expiresAt: now() + LINK_SECONDS, used: false };
    links.set(linkId, link);
    return ok({ object: 'account_link', created: now(), expires_at: link.expiresAt, url: `${base}/connect/onboarding/${linkId}` });
  }

  /** Submits the onboarding form: every detail (complete) or all but the bank account and the terms. */
  async function submit(account: Account, complete: boolean) {
    const previous = { details_submitted: account.details_submitted, charges_enabled: account.charges_enabled, payouts_enabled: account.payouts_enabled, requirements: account.requirements };
    const due = complete ? [] : account.details_submitted ? account.requirements.currently_due : LEFT_DUE;
    Object.assign(account, {
      details_submitted: complete || account.details_submitted,
      charges_enabled: due.length === 0,
      payouts_enabled: due.length === 0,
      requirements: requirementsDue(due),
      capabilities: Object.fromEntries(Object.keys(account.capabilities).map((c) => [c, due.length === 0 ? 'active' : 'inactive'])),
    });
    await deliver('account.updated', account, previous);
  }

  return {
    async api(method: string, path: string, form: URLSearchParams): Promise<Answer | undefined> {
      if (method === 'POST' && path === '/v1/accounts') return createAccount(form);
      if (method === 'POST' && path === '/v1/account_links') return createLink(form);
      const one = /^\/v1\/accounts\/([^/]+)$/.exec(path);
      if (method === 'GET' && one) {
        const account = accounts.get(one[1]!);
        return account ? ok(account) : fail(404, `No such account: '${one[1]}'`, 'resource_missing', 'account');
      }
      return undefined;
    },

    /** Serves the onboarding page and its two buttons; false when `path` is not one of its. */
    async page(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
      const page = /^\/connect\/onboarding\/([^/]+)(?:\/(complete|incomplete))?$/.exec(path);
      if (!page) return false;
      const link = links.get(page[1]!);
      const account = link ? accounts.get(link.account) : undefined;
      if (!link || !account) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Account link not found.');
        return true;
      }
      const redirect = (location: string) => {
        res.writeHead(303, { location }).end();
        return true;
      };
      // Used or expired: Stripe sends the browser to the refresh_url, where the platform makes a new link.
      if (link.used || now() > link.expiresAt) return redirect(link.refreshUrl);
      if (req.method === 'GET' && !page[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(onboardingPage(link, page[1]!, account));
        return true;
      }
      if (req.method === 'POST' && page[2]) {
        await readBody(req);
        link.used = true;
        await submit(account, page[2] === 'complete');
        return redirect(link.returnUrl);
      }
      res.writeHead(405).end();
      return true;
    },
  };
}
