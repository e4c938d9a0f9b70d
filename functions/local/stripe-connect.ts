// Stripe Connect in the local Stripe stand-in: connected accounts (`POST /v1/accounts`, `GET /v1/accounts/:id`) and
// account links (`POST /v1/account_links`) with Stripe's shapes and refusals, and the local onboarding page an account
// link opens. "Complete" submits the account's details (charges and payouts enabled, nothing due), "Leave incomplete"
// leaves requirements due; either sends a signed `account.updated` Connect event — it carries `account`, and is signed
// with the Connect endpoint's own secret, as Stripe does — to the local API, then goes to the link's return_url. A
// link is single-use and lives five minutes: opened again (or late), it goes to its refresh_url, as on Stripe.
// And the money of Connect: a Checkout Session may be a destination charge (`payment_intent_data[transfer_data]
// [destination]`, optionally `on_behalf_of`) or a direct charge (made with the `Stripe-Account` header), with
// `payment_intent_data[application_fee_amount]`; paying it records the application fee and, for a destination charge,
// the transfer of the rest (listed by `GET /v1/application_fees?charge=` and `GET /v1/transfers?destination=`); a
// refund with `refund_application_fee` / `reverse_transfer` gives back the fee and reverses the transfer in proportion
// to the amount refunded, as Stripe does.
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

/** How a Checkout Session's payment moves money between the platform and a connected account. */
export interface ConnectTerms {
  /** Direct charge: the connected account (`Stripe-Account`) the session, its payment and its events belong to. */
  account: string | null;
  /** Destination charge: the connected account the payment (less the fee) is transferred to. */
  destination: string | null;
  onBehalfOf: string | null;
  applicationFeeAmount: number | null;
}

/** What a paid session's charge made: its application fee and (destination charges) transfer, by id. */
export interface ConnectMoney {
  applicationFee: string | null;
  transfer: string | null;
}

interface ApplicationFee {
  id: string;
  object: 'application_fee';
  /** The connected account the fee was taken from. */
  account: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  charge: string;
  currency: string;
  refunds: { object: 'list'; data: { id: string; object: 'fee_refund'; amount: number; fee: string; created: number }[] };
  created: number;
}

interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: string;
  destination: string;
  source_transaction: string;
  reversals: { object: 'list'; data: { id: string; object: 'transfer_reversal'; amount: number; transfer: string; created: number }[] };
  created: number;
}

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
  const fees = new Map<string, ApplicationFee>();
  const transfers = new Map<string, Transfer>();

  /** A Connect event: as the platform's, plus the connected account it happened on. */
  async function deliver(type: string, account: string, object: unknown, previous?: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      account,
      api_version: '2025-01-27',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
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
    await deliver('account.updated', account.id, account, previous);
  }

  /**
   * The Connect terms of a new Checkout Session for `amount`, or Stripe's refusal: an unknown or disabled account, a
   * fee with nobody to take it from, a fee above the amount.
   */
  function chargeTerms(form: URLSearchParams, stripeAccount: string | undefined, amount: number): ConnectTerms | Answer {
    if (stripeAccount !== undefined) {
      const direct = accounts.get(stripeAccount);
      if (!direct) return { status: 403, body: { error: { type: 'invalid_request_error', code: 'account_invalid', message: `The provided key 'sk_test_***' does not have access to account '${stripeAccount}' (or that account does not exist). Application access may have been revoked.` } } };
      if (!direct.charges_enabled) return fail(400, 'This account cannot currently make live charges.', 'account_invalid');
    }
    const destination = form.get('payment_intent_data[transfer_data][destination]');
    const destinationParam = 'payment_intent_data[transfer_data][destination]';
    if (destination !== null) {
      const to = accounts.get(destination);
      if (!to) return fail(400, `No such destination: '${destination}'`, 'resource_missing', destinationParam);
      if (to.capabilities.transfers !== 'active') return fail(400, 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'insufficient_capabilities_for_transfer', destinationParam);
      if (stripeAccount !== undefined) return fail(400, 'You cannot create a destination charge on behalf of a connected account (with the Stripe-Account header).', undefined, destinationParam);
    }
    const onBehalfOf = form.get('payment_intent_data[on_behalf_of]');
    if (onBehalfOf !== null && onBehalfOf !== destination) return fail(400, 'The `on_behalf_of` account must be the same as the `transfer_data[destination]` account.', undefined, 'payment_intent_data[on_behalf_of]');
    const feeParam = 'payment_intent_data[application_fee_amount]';
    const fee = form.get(feeParam);
    if (fee !== null) {
      const cents = Number(fee);
      if (!/^\d+$/.test(fee)) return fail(400, `Invalid integer: ${fee}`, 'parameter_invalid_integer', feeParam);
      if (destination === null && stripeAccount === undefined) {
        return fail(400, 'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).', undefined, feeParam);
      }
      if (cents > amount) return fail(400, `The application fee (${cents}) cannot be greater than the amount (${amount}).`, undefined, feeParam);
    }
    return { account: stripeAccount ?? null, destination, onBehalfOf, applicationFeeAmount: fee === null ? null : Number(fee) };
  }

  /** A session's charge was paid: its application fee and the transfer of the rest to the destination. */
  function recordCharge(terms: ConnectTerms, charge: { id: string; amount: number; currency: string }): ConnectMoney {
    const feeAmount = terms.applicationFeeAmount ?? 0;
    const feeAccount = terms.destination ?? terms.account;
    const fee: ApplicationFee | null =
      terms.applicationFeeAmount === null || !feeAccount
        ? null
        : { id: id('fee'), object: 'application_fee', account: feeAccount, amount: feeAmount, amount_refunded: 0, refunded: false, charge: charge.id, currency: charge.currency, refunds: { object: 'list', data: [] }, created: now() };
    const transfer: Transfer | null = terms.destination
      ? { id: id('tr'), object: 'transfer', amount: charge.amount - feeAmount, amount_reversed: 0, reversed: false, currency: charge.currency, destination: terms.destination, source_transaction: charge.id, reversals: { object: 'list', data: [] }, created: now() }
      : null;
    if (fee) fees.set(fee.id, fee);
    if (transfer) transfers.set(transfer.id, transfer);
    return { applicationFee: fee?.id ?? null, transfer: transfer?.id ?? null };
  }

  /** The share of `total` a refund of `refunded` of `chargeAmount` takes back; the refund that empties the charge takes the rest. */
  const proportional = (total: number, already: number, refunded: number, chargeLeft: number, chargeAmount: number) =>
    refunded === chargeLeft ? total - already : Math.min(total - already, Math.round((total * refunded) / chargeAmount));

  /**
   * A refund of `amount` of a charge (of which `refundedBefore` was refunded earlier): the fee given back and the
   * transfer reversed in proportion, when asked. Answers the ids Stripe puts on the refund.
   */
  function refundCharge(money: ConnectMoney, charge: { amount: number; refundedBefore: number }, amount: number, options: { refundApplicationFee: boolean; reverseTransfer: boolean }) {
    const chargeLeft = charge.amount - charge.refundedBefore;
    const fee = money.applicationFee ? fees.get(money.applicationFee) : undefined;
    if (fee && options.refundApplicationFee) {
      const back = proportional(fee.amount, fee.amount_refunded, amount, chargeLeft, charge.amount);
      fee.amount_refunded += back;
      fee.refunded = fee.amount_refunded === fee.amount;
      fee.refunds.data.unshift({ id: id('fr'), object: 'fee_refund', amount: back, fee: fee.id, created: now() });
    }
    const transfer = money.transfer ? transfers.get(money.transfer) : undefined;
    let reversal: string | null = null;
    if (transfer && options.reverseTransfer) {
      const back = proportional(transfer.amount, transfer.amount_reversed, amount, chargeLeft, charge.amount);
      transfer.amount_reversed += back;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      reversal = id('trr');
      transfer.reversals.data.unshift({ id: reversal, object: 'transfer_reversal', amount: back, transfer: transfer.id, created: now() });
    }
    return { transfer_reversal: reversal };
  }

  /** Stripe's list shape, newest first. */
  const list = <T extends { created: number }>(items: T[], url: string) => ok({ object: 'list', url, has_more: false, data: [...items].reverse() });

  return {
    chargeTerms,
    recordCharge,
    refundCharge,
    /** A direct charge's events go to the Connect endpoint, carrying the account. */
    deliverConnectEvent: (type: string, account: string, object: unknown) => deliver(type, account, object),

    async api(method: string, path: string, form: URLSearchParams): Promise<Answer | undefined> {
      if (method === 'GET' && path === '/v1/application_fees') {
        const charge = form.get('charge');
        return list([...fees.values()].filter((f) => charge === null || f.charge === charge), path);
      }
      if (method === 'GET' && path === '/v1/transfers') {
        const destination = form.get('destination');
        return list([...transfers.values()].filter((t) => destination === null || t.destination === destination), path);
      }
      const fee = /^\/v1\/application_fees\/([^/]+)$/.exec(path);
      if (method === 'GET' && fee) return fees.has(fee[1]!) ? ok(fees.get(fee[1]!)) : fail(404, `No such application fee: '${fee[1]}'`, 'resource_missing', 'id');
      const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
      if (method === 'GET' && transfer) return transfers.has(transfer[1]!) ? ok(transfers.get(transfer[1]!)) : fail(404, `No such transfer: '${transfer[1]}'`, 'resource_missing', 'id');
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
