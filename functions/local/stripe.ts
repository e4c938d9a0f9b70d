// The local Stripe stand-in (issue 10 §8): the Stripe API calls CardCrew makes, so the official `stripe` SDK can point
// at it — create, retrieve and expire Checkout Sessions, retrieve a PaymentIntent with its charge's card, create and
// retrieve Refunds, with Stripe's idempotency keys, and Connect's destination and direct charges with application
// fees (stripe-connect.ts) —
// and a minimal hosted checkout page where a tester presses Pay or Cancel. Pay marks the session paid, posts a correctly signed `checkout.session.completed` event to the local API's
// webhook (as Stripe signs: HMAC-SHA256 of `{timestamp}.{body}` with the endpoint secret) and then sends the browser
// to the success URL; Cancel sends it to the cancel URL. Sessions live in memory: a restart forgets them, as an
// expired session would be forgotten.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { LOCAL_STRIPE_KEYS, type LocalSettings } from './settings';
import { escapeHtml, fail, id, metadataOf, ok, readBody, stripeSignature, type Answer } from './stripe-api';
import { connectStandIn, type ConnectMoney, type ConnectTerms } from './stripe-connect';

export { escapeHtml, readBody, stripeSignature } from './stripe-api';

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  url: string;
  created: number;
  /** What the hosted page shows (not part of Stripe's session object). */
  productName: string;
  /** The test card the hosted page "charges" (Stripe keeps it on the payment's charge, not on the session). */
  card: { brand: string; last4: string } | null;
  /** How its payment moves money with a connected account (not part of Stripe's session object). */
  connect: ConnectTerms;
  /** What its paid charge made: application fee and transfer (Stripe keeps them on the charge). */
  money: ConnectMoney | null;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
  /** The reversal of a destination charge's transfer, when the refund asked for it (`reverse_transfer`). */
  transfer_reversal: string | null;
}



function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, message: string, code?: string) {
  const answer = fail(status, message, code);
  json(res, answer.status, answer.body);
}





function expiredPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stripe test checkout</title></head>
<body><main><h1>This checkout session has expired</h1><p>Nothing was charged. Return to the invoice to pay it.</p></main></body></html>`;
}

function publicSession(session: Session) {
  const { productName: _productName, card: _card, connect: _connect, money: _money, ...rest } = session;
  return rest;
}

/** The PaymentIntent of a paid session; its charge (with the card) expanded when asked, as `expand[]=latest_charge` does. */
const chargeIdOf = (paymentIntent: string) => `ch_${paymentIntent.slice(3)}`;

function paymentIntentOf(session: Session, expandCharge: boolean) {
  const chargeId = chargeIdOf(session.payment_intent!);
  const { destination, onBehalfOf, applicationFeeAmount } = session.connect;
  const connect = { application_fee_amount: applicationFeeAmount, on_behalf_of: onBehalfOf, transfer_data: destination ? { destination } : null };
  const charge = {
    id: chargeId,
    object: 'charge',
    amount: session.amount_total,
    currency: session.currency,
    paid: true,
    payment_intent: session.payment_intent,
    payment_method_details: { type: 'card', card: session.card },
    application_fee: session.money?.applicationFee ?? null,
    application_fee_amount: applicationFeeAmount,
    destination,
    on_behalf_of: onBehalfOf,
    transfer: session.money?.transfer ?? null,
  };
  return { id: session.payment_intent, object: 'payment_intent', amount: session.amount_total, amount_received: session.amount_total, currency: session.currency, status: 'succeeded', metadata: session.metadata, ...connect, latest_charge: expandCharge ? charge : chargeId };
}

function checkoutPage(session: Session): string {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stripe test checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:360px;width:calc(100% - 32px)}h1{font-size:18px;margin:0 0 4px}p{margin:4px 0 16px;color:#4f566b}.amount{font-size:32px;font-weight:700;color:#1a1f36}button{width:100%;padding:12px;border:0;border-radius:6px;font-size:16px;font-weight:600;margin-top:8px;cursor:pointer}.pay{background:#635bff;color:#fff}.cancel{background:#e3e8ee;color:#1a1f36}</style></head>
<body><main><h1>${escapeHtml(session.productName)}</h1><p>Local Stripe stand-in · test mode</p><p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="/checkout/${session.id}/pay"><button class="pay" type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button class="cancel" type="submit">Cancel</button></form></main></body></html>`;
}

export function startStripeStandIn(s: LocalSettings): Promise<Server> {
  const sessions = new Map<string, Session>();
  const base = `http://${s.host}:${s.stripePort}`;
  const webhookUrl = `${s.origin}/api/webhooks/stripe`;

  async function deliver(type: string, session: Session) {
    // A direct charge's session lives on the connected account: its events are Connect events.
    if (session.connect.account) return connect.deliverConnectEvent(type, session.connect.account, publicSession(session));
    const payload = JSON.stringify({ id: id('evt'), object: 'event', api_version: '2025-01-27', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object: publicSession(session) } });
    try {
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, LOCAL_STRIPE_KEYS.webhookSecret) }, body: payload });
      if (!res.ok) console.warn(`Stripe stand-in: the webhook answered ${res.status}`);
    } catch (error) {
      console.warn(`Stripe stand-in: the webhook could not be delivered: ${(error as Error).message}`);
    }
  }

  const refunds = new Map<string, Refund>();
  const connect = connectStandIn(base, `${s.origin}/api/webhooks/stripe-connect`);
  const idempotent = new Map<string, Answer & { request: string }>();

  /** A session as the caller sees it: one on a connected account only with that account's `Stripe-Account` header. */
  const sessionFor = (match: (s: Session) => boolean, account: string | undefined) => [...sessions.values()].find((s) => match(s) && s.connect.account === (account ?? null));

  /** One Stripe API call (with the connected account its `Stripe-Account` header names): the answer Stripe would give. */
  async function api(method: string, path: string, form: URLSearchParams, account?: string): Promise<Answer> {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
      const currency = form.get('line_items[0][price_data][currency]');
      const successUrl = form.get('success_url');
      const cancelUrl = form.get('cancel_url');
      if (!Number.isInteger(unitAmount) || unitAmount < 1 || !currency || !successUrl || !cancelUrl) return fail(400, 'Missing required param: line_items, success_url or cancel_url.', 'parameter_missing');
      const terms = connect.chargeTerms(form, account, unitAmount * quantity);
      if ('status' in terms) return terms;
      const sessionId = id('cs_test');
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unitAmount * quantity,
        currency,
        metadata: metadataOf(form),
        client_reference_id: form.get('client_reference_id'),
        success_url: successUrl,
        cancel_url: cancelUrl,
        payment_intent: null,
        url: `${base}/checkout/${sessionId}`,
        created: Math.floor(Date.now() / 1000),
        productName: form.get('line_items[0][price_data][product_data][name]') ?? 'Payment',
        card: null,
        connect: terms,
        money: null,
      };
      sessions.set(sessionId, session);
      return ok(publicSession(session));
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessionFor((s) => s.id === retrieve[1], account);
      return session ? ok(publicSession(session)) : fail(404, `No such checkout.session: '${retrieve[1]}'`, 'resource_missing');
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessionFor((s) => s.id === expire[1], account);
      if (!session) return fail(404, `No such checkout.session: '${expire[1]}'`, 'resource_missing');
      if (session.status !== 'open') return fail(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
      session.status = 'expired';
      await deliver('checkout.session.expired', session);
      return ok(publicSession(session));
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.get('payment_intent');
      if (!paymentIntent) return fail(400, 'Missing required param: payment_intent.', 'parameter_missing');
      const session = sessionFor((s) => s.payment_intent === paymentIntent, account);
      if (!session) return fail(404, `No such payment_intent: '${paymentIntent}'`, 'resource_missing');
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : session.amount_total - refunded;
      if (refunded >= session.amount_total) return fail(400, `Charge for ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
      if (!Number.isInteger(amount) || amount < 1 || amount > session.amount_total - refunded) return fail(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded}).`, 'amount_too_large');
      // Connect: the fee given back and the transfer reversed in proportion to the amount, when asked.
      const reversal = session.money ? connect.refundCharge(session.money, { amount: session.amount_total, refundedBefore: refunded }, amount, { refundApplicationFee: form.get('refund_application_fee') === 'true', reverseTransfer: form.get('reverse_transfer') === 'true' }) : { transfer_reversal: null };
      const refund: Refund = { id: id('re_test'), object: 'refund', amount, currency: session.currency, payment_intent: paymentIntent, status: 'succeeded', reason: form.get('reason'), metadata: metadataOf(form), created: Math.floor(Date.now() / 1000), ...reversal };
      refunds.set(refund.id, refund);
      return ok(refund);
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const session = sessionFor((s) => s.payment_intent === intent[1], account);
      return session ? ok(paymentIntentOf(session, form.getAll('expand[]').includes('latest_charge') || form.getAll('expand[0]').includes('latest_charge'))) : fail(404, `No such payment_intent: '${intent[1]}'`, 'resource_missing');
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refund) {
      const found = refunds.get(refund[1]!);
      return found ? ok(found) : fail(404, `No such refund: '${refund[1]}'`, 'resource_missing');
    }
    return (await connect.api(method, path, form)) ?? fail(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      if (path === '/health') return json(res, 200, { ok: true });

      if (path.startsWith('/v1/')) {
        if (req.headers.authorization !== `Bearer ${LOCAL_STRIPE_KEYS.secretKey}`) return stripeError(res, 401, 'Invalid API Key provided.');
        const body = req.method === 'POST' ? await readBody(req) : '';
        // Stripe replays the first answer to a POST with the same Idempotency-Key, and refuses the key with other parameters.
        const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const seen = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (seen && seen.request !== `${path}\n${body}`) {
          const mismatch = fail(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_error');
          return json(res, mismatch.status, mismatch.body);
        }
        // POST parameters come form-encoded in the body, GET parameters (expand[]) in the query string.
        const stripeAccount = req.headers['stripe-account'];
        const answer = seen ?? (await api(req.method ?? 'GET', path, req.method === 'POST' ? new URLSearchParams(body) : url.searchParams, typeof stripeAccount === 'string' ? stripeAccount : undefined));
        if (typeof key === 'string' && !seen) idempotent.set(key, { request: `${path}\n${body}`, ...answer });
        return json(res, answer.status, answer.body);
      }

      if (await connect.page(req, res, path)) return;
      const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (!page || !session) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Checkout session not found.');
      }
      // An expired session cannot be paid, as on Stripe's hosted page.
      if (session.status === 'expired') {
        res.writeHead(req.method === 'GET' ? 200 : 410, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(expiredPage());
      }
      if (req.method === 'GET' && !page[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(checkoutPage(session));
      }
      if (req.method === 'POST' && page[2] === 'pay') {
        if (session.status === 'open') {
          // Stripe's test card 4242 4242 4242 4242.
          const paymentIntent = id('pi_test');
          const money = connect.recordCharge(session.connect, { id: chargeIdOf(paymentIntent), amount: session.amount_total, currency: session.currency });
          Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, card: { brand: 'visa', last4: '4242' }, money });
          await deliver('checkout.session.completed', session);
        }
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      if (req.method === 'POST' && page[2] === 'cancel') {
        res.writeHead(303, { location: session.cancel_url });
        return res.end();
      }
      res.writeHead(405).end();
    })().catch((error: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error.message);
    });
  });
  return new Promise((resolve, reject) => server.listen(s.stripePort, s.host, () => resolve(server)).on('error', reject));
}
