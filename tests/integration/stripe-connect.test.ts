// Stripe Connect for agencies, through the real API, the Stripe stand-in (with the official SDK) and its onboarding
// page: Connect with Stripe creates one Express account per agency and a single-use account link; "Leave incomplete"
// and "Complete" send signed account.updated Connect events that the Connect webhook applies (details needed, then
// charges enabled); a used link goes to the refresh URL. The Connect webhook takes only its own secret, handles each
// event once, ignores an older event and another account's, and maps a submitted account without charges to
// restricted. The stand-in refuses bad parameters as Stripe does. Other agencies get 403 and change nothing.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_KEYS } from '../../functions/local/settings';
import { stripeSignature } from '../../functions/local/stripe';
import { agencyWithSettings } from '../support/agencies';
import { api, origin, runtime, tables } from '../support/runtime';
import { tableFingerprint } from '../support/table-fingerprint';

const base = new URL(runtime.env.STRIPE_API_BASE!);
/** The official SDK against the stand-in, as the Lambdas use it. */
const stripe = new Stripe(LOCAL_STRIPE_KEYS.secretKey, { host: base.hostname, port: Number(base.port), protocol: 'http', maxNetworkRetries: 0 });

const path = (agencyId: string) => `/api/agencies/${agencyId}/stripe-connect`;
const storedAgency = async (agencyId: string) => (await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data;

/** Connect with Stripe: the link's URL, which must be the stand-in's onboarding page. */
async function onboardingUrl(user: Awaited<ReturnType<typeof agencyWithSettings>>['user'], agencyId: string): Promise<string> {
  const res = await api('POST', `${path(agencyId)}/onboarding`, { user });
  expect(res.status, res.text).toBe(200);
  const url = res.body.url as string;
  expect(url).toMatch(new RegExp(`^${runtime.env.STRIPE_API_BASE}/connect/onboarding/acctlink_`));
  return url;
}

/** Presses a button of the onboarding page; answers where Stripe sends the browser. */
async function press(url: string, button: 'complete' | 'incomplete'): Promise<string | null> {
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`action="${new URL(url).pathname}/${button}"`);
  const res = await fetch(`${url}/${button}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

/** A signed Connect event, as Stripe sends to the Connect endpoint. */
function connectWebhook(event: Record<string, unknown>, secret: string = LOCAL_STRIPE_KEYS.connectWebhookSecret) {
  const payload = JSON.stringify(event);
  return fetch(`${origin}/api/webhooks/stripe-connect`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret) }, body: payload });
}

function accountUpdated(accountId: string, agencyId: string, account: { details_submitted: boolean; charges_enabled: boolean; currently_due?: string[] }, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    account: accountId,
    type: 'account.updated',
    created,
    data: { object: { id: accountId, object: 'account', details_submitted: account.details_submitted, charges_enabled: account.charges_enabled, requirements: { currently_due: account.currently_due ?? [] }, metadata: { agencyId } } },
  };
}

/** An agency that pressed Connect with Stripe once: its account id. */
async function connectedAgency() {
  const agency = await agencyWithSettings();
  const url = await onboardingUrl(agency.user, agency.agencyId);
  const accountId = (await storedAgency(agency.agencyId))!.stripeAccountId!;
  return { ...agency, url, accountId };
}

describe('Connect with Stripe', () => {
  it('onboards the agency as an Express account: incomplete shows details needed, complete shows charges enabled', async () => {
    const { user, agencyId } = await agencyWithSettings();
    expect((await api('GET', path(agencyId), { user })).body).toEqual({ state: 'not_connected', accountId: null, requirementsDue: 0, updatedAt: null });

    const first = await onboardingUrl(user, agencyId);
    const accountId = (await storedAgency(agencyId))?.stripeAccountId;
    expect(accountId).toMatch(/^acct_/);
    // Stripe has an Express account with what Agency Settings knew, and nothing submitted yet.
    const account = await stripe.accounts.retrieve(accountId!);
    expect(account).toMatchObject({ type: 'express', email: 'hello@bright.example', business_profile: { name: 'Bright Agency', url: 'https://bright.example' }, metadata: { agencyId }, details_submitted: false, charges_enabled: false });
    expect((await api('GET', path(agencyId), { user })).body).toMatchObject({ state: 'details_needed', accountId });

    // Leave incomplete: back to the agency page; the event says what is still due.
    expect(await press(first, 'incomplete')).toBe(`${origin}/agency?stripe=return`);
    const incomplete = await api('GET', path(agencyId), { user });
    expect(incomplete.body).toMatchObject({ state: 'details_needed', accountId, requirementsDue: 3 });
    expect(incomplete.body.updatedAt).toEqual(expect.any(String));
    expect(await storedAgency(agencyId)).toMatchObject({ stripeAccountId: accountId, connectState: 'details_needed', connectRequirementsDue: 3 });

    // A used link goes to the refresh URL; Continue with Stripe makes a new one for the same account.
    const used = await fetch(first, { redirect: 'manual' });
    expect([used.status, used.headers.get('location')]).toEqual([303, `${origin}/agency?stripe=refresh`]);
    const second = await onboardingUrl(user, agencyId);
    expect(second).not.toBe(first);
    expect((await storedAgency(agencyId))?.stripeAccountId).toBe(accountId);

    expect(await press(second, 'complete')).toBe(`${origin}/agency?stripe=return`);
    expect((await api('GET', path(agencyId), { user })).body).toMatchObject({ state: 'charges_enabled', accountId, requirementsDue: 0 });
    expect(await storedAgency(agencyId)).toMatchObject({ connectState: 'charges_enabled', connectRequirementsDue: 0 });
    expect(await stripe.accounts.retrieve(accountId!)).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } });
  });

  it('makes one account when Connect with Stripe is pressed twice at once', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const answers = await Promise.all([1, 2].map(() => api('POST', `${path(agencyId)}/onboarding`, { user })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const accountId = (await storedAgency(agencyId))?.stripeAccountId;
    expect((await api('GET', path(agencyId), { user })).body.accountId).toBe(accountId);
    // The same idempotency key gave both calls the same account.
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(2);
  });

  it('refuses other agencies and changes nothing', async () => {
    const { agencyId } = await agencyWithSettings();
    const other = await agencyWithSettings();
    const before = await tableFingerprint();
    expect((await api('GET', path(agencyId), { user: other.user })).status).toBe(403);
    expect((await api('POST', `${path(agencyId)}/onboarding`, { user: other.user })).status).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('the Connect webhook', () => {
  it('takes only the Connect secret, applies each event once, ignores older ones and shows restricted', async () => {
    const { user, agencyId, accountId } = await connectedAgency();
    const now = Math.floor(Date.now() / 1000);
    const restricted = accountUpdated(accountId, agencyId, { details_submitted: true, charges_enabled: false, currently_due: ['individual.verification.document'] }, now + 60);

    // The platform endpoint's secret is not the Connect endpoint's; unsigned is refused too.
    const wrongSecret = await connectWebhook(restricted, LOCAL_STRIPE_KEYS.webhookSecret);
    expect(wrongSecret.status).toBe(400);
    const unsigned = await fetch(`${origin}/api/webhooks/stripe-connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(restricted) });
    expect(unsigned.status).toBe(400);
    expect((await storedAgency(agencyId))?.connectState).toBeUndefined();

    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await (await connectWebhook(restricted)).json());
    expect(answers).toEqual([{ received: true }, { received: true, duplicate: true }]);
    expect((await api('GET', path(agencyId), { user })).body).toMatchObject({ state: 'restricted', requirementsDue: 1, updatedAt: new Date((now + 60) * 1000).toISOString() });

    // An older event arriving late changes nothing.
    const older = accountUpdated(accountId, agencyId, { details_submitted: true, charges_enabled: true }, now - 60);
    expect(await (await connectWebhook(older)).json()).toEqual({ received: true });
    expect(await storedAgency(agencyId)).toMatchObject({ connectState: 'restricted', connectRequirementsDue: 1, connectEventAt: now + 60 });
  });

  it('acknowledges events of no agency of ours, or not the agency’s account, without changing it', async () => {
    const { agencyId, accountId } = await connectedAgency();
    const before = await storedAgency(agencyId);
    const foreign = `acct_${randomBytes(8).toString('hex')}`;
    // Names this agency but is another account: the stored account decides.
    expect(await (await connectWebhook(accountUpdated(foreign, agencyId, { details_submitted: true, charges_enabled: true }))).json()).toEqual({ received: true });
    // The account in the object is not the event's account.
    const mismatched = accountUpdated(accountId, agencyId, { details_submitted: true, charges_enabled: true });
    expect(await (await connectWebhook({ ...mismatched, account: foreign })).json()).toEqual({ received: true, ignored: true });
    // Another type, and a malformed account.
    expect(await (await connectWebhook({ ...mismatched, id: `evt_${randomBytes(8).toString('hex')}`, type: 'payout.paid' })).json()).toEqual({ received: true, ignored: true });
    const malformed = { ...mismatched, id: `evt_${randomBytes(8).toString('hex')}`, data: { object: { id: accountId, charges_enabled: 'yes' } } };
    expect(await (await connectWebhook(malformed)).json()).toEqual({ received: true, ignored: true });
    expect(await storedAgency(agencyId)).toEqual(before);
  });
});

describe('the Stripe stand-in’s Connect refusals (official SDK)', () => {
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e as Stripe.errors.StripeError,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    return { code: error!.code, param: error!.param, message: error!.message, status: error!.statusCode };
  };

  it('refuses accounts without a valid type, an Express account without transfers, and bad e-mails and URLs', async () => {
    expect(await refusal(stripe.accounts.create({}))).toMatchObject({ code: 'parameter_missing', param: 'type', status: 400 });
    expect(await refusal(stripe.accounts.create({ type: 'premium' as never }))).toMatchObject({ code: 'parameter_invalid_string', param: 'type', message: 'Invalid type: must be one of custom, express, standard' });
    expect(await refusal(stripe.accounts.create({ type: 'express' }))).toMatchObject({ param: 'capabilities' });
    const capabilities = { transfers: { requested: true } };
    expect(await refusal(stripe.accounts.create({ type: 'express', capabilities, email: 'not-an-email' }))).toMatchObject({ code: 'email_invalid', param: 'email' });
    expect(await refusal(stripe.accounts.create({ type: 'express', capabilities, business_profile: { url: 'javascript:alert(1)' } }))).toMatchObject({ code: 'url_invalid', param: 'business_profile[url]' });
    expect(await refusal(stripe.accounts.retrieve('acct_missing'))).toMatchObject({ code: 'resource_missing', status: 404 });
  });

  it('refuses account links for unknown accounts, update links for Express accounts, and bad URLs', async () => {
    const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    const urls = { refresh_url: `${origin}/agency?stripe=refresh`, return_url: `${origin}/agency?stripe=return` };
    expect(await refusal(stripe.accountLinks.create({ account: 'acct_missing', type: 'account_onboarding', ...urls }))).toMatchObject({ code: 'resource_missing', param: 'account' });
    expect(await refusal(stripe.accountLinks.create({ account: account.id, type: 'account_update', ...urls }))).toMatchObject({ param: 'type', message: 'You cannot create `account_update` type Account Links for express accounts.' });
    expect(await refusal(stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls, return_url: 'not a url' }))).toMatchObject({ code: 'url_invalid', param: 'return_url' });
    expect(await refusal(stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', return_url: urls.return_url } as never))).toMatchObject({ code: 'parameter_missing', param: 'refresh_url' });
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls });
    expect(link).toMatchObject({ object: 'account_link', url: expect.stringMatching(/\/connect\/onboarding\/acctlink_/) });
    expect(link.expires_at - link.created).toBe(300);
  });
});

describe('the Stripe stand-in’s Connect charges (official SDK)', () => {
  const urls = { success_url: `${origin}/paid?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${origin}/cancelled` };
  const lineItems = (cents: number) => [{ price_data: { currency: 'usd', unit_amount: cents, product_data: { name: 'Invoice CL-0001' } }, quantity: 1 }];

  /** An Express account that completed onboarding on the stand-in's page. */
  async function enabledAccount() {
    const account = await stripe.accounts.create({ type: 'express', capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: `${origin}/agency?stripe=refresh`, return_url: `${origin}/agency?stripe=return` });
    expect((await fetch(`${link.url}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    return account.id;
  }

  /** Pays a session on the stand-in's checkout page. */
  async function pay(url: string) {
    const res = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
  }

  it('records a destination charge’s application fee and transfer, and a refund gives both back in proportion', async () => {
    const destination = await enabledAccount();
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: lineItems(10_000), ...urls, payment_intent_data: { application_fee_amount: 1234, on_behalf_of: destination, transfer_data: { destination } } });
    await pay(session.url!);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string, { expand: ['latest_charge'] });
    expect(intent).toMatchObject({ amount: 10_000, application_fee_amount: 1234, on_behalf_of: destination, transfer_data: { destination } });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ application_fee: expect.stringMatching(/^fee_/), transfer: expect.stringMatching(/^tr_/), destination });

    const fees = await stripe.applicationFees.list({ charge: charge.id });
    expect(fees.data).toEqual([expect.objectContaining({ id: charge.application_fee, account: destination, amount: 1234, amount_refunded: 0, charge: charge.id })]);
    const transfers = await stripe.transfers.list({ destination });
    expect(transfers.data).toEqual([expect.objectContaining({ id: charge.transfer, amount: 10_000 - 1234, amount_reversed: 0, source_transaction: charge.id })]);

    // A quarter refunded: a quarter of the fee back (308.5 rounds to 309) and a quarter of the transfer reversed.
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2500, refund_application_fee: true, reverse_transfer: true });
    expect(refund.transfer_reversal).toMatch(/^trr_/);
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({ amount_refunded: 309, refunded: false });
    expect(await stripe.transfers.retrieve(charge.transfer as string)).toMatchObject({ amount_reversed: 2192, reversed: false });
    // The rest refunded: all of both, whatever the rounding before.
    await stripe.refunds.create({ payment_intent: intent.id, refund_application_fee: true, reverse_transfer: true });
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({ amount_refunded: 1234, refunded: true });
    expect(await stripe.transfers.retrieve(charge.transfer as string)).toMatchObject({ amount_reversed: 10_000 - 1234, reversed: true });
  });

  it('keeps a direct charge on the connected account (Stripe-Account) with the fee taken from it', async () => {
    const account = await enabledAccount();
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: lineItems(4000), ...urls, payment_intent_data: { application_fee_amount: 600 } }, { stripeAccount: account });
    // Not the platform's: without the header it does not exist.
    await expect(stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
    await pay(session.url!);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account });
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string, { expand: ['latest_charge'] }, { stripeAccount: account });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ application_fee_amount: 600, destination: null, transfer: null });
    expect((await stripe.applicationFees.list({ charge: charge.id })).data).toEqual([expect.objectContaining({ account, amount: 600 })]);
  });

  it('refuses a fee nobody pays, a fee above the amount, a destination that cannot take transfers, and an unknown account', async () => {
    const create = (params: Partial<Stripe.Checkout.SessionCreateParams>, options?: Stripe.RequestOptions) => stripe.checkout.sessions.create({ mode: 'payment', line_items: lineItems(1000), ...urls, ...params }, options);
    const destination = await enabledAccount();
    const notOnboarded = (await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } })).id;
    const feeParam = 'payment_intent_data[application_fee_amount]';
    await expect(create({ payment_intent_data: { application_fee_amount: 100 } })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: feeParam });
    await expect(create({ payment_intent_data: { application_fee_amount: 1001, transfer_data: { destination } } })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: feeParam });
    await expect(create({ payment_intent_data: { transfer_data: { destination: notOnboarded } } })).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
    await expect(create({ payment_intent_data: { transfer_data: { destination: 'acct_missing' } } })).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_intent_data[transfer_data][destination]' });
    await expect(create({ payment_intent_data: { on_behalf_of: notOnboarded, transfer_data: { destination } } })).rejects.toMatchObject({ param: 'payment_intent_data[on_behalf_of]' });
    await expect(create({}, { stripeAccount: 'acct_missing' })).rejects.toMatchObject({ code: 'account_invalid', statusCode: 403 });
  });
});
