// Outgoing webhooks through the local runtime: an owner adds an endpoint on the local webhook receiver and sees its
// secret once; a contact shared on a card page reaches it as a signed lead.created that the standardwebhooks library
// verifies; a failing endpoint is retried on the backoff schedule; test events, replays and a rotated secret's overlap;
// URLs the SSRF rules refuse.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookMessages } from '../../shared/messages/webhooks';
import type { WebhookDelivery, WebhookSecret } from '../../shared/schemas/webhooks';
import { addEmployee, api, createOwnerWithBusiness, freshClientAddress, runtime, tables, type TestUser } from '../support/runtime';

const receiver = `http://127.0.0.1:${runtime.settings.webhookReceiverPort}`;

interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
  verified: boolean | null;
}

const received = async (name: string): Promise<Received[]> => (await fetch(`${receiver}/hooks/${name}`)).json() as Promise<Received[]>;

/** Polls until `check` passes (deliveries are queued: they arrive within seconds). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function ownerWithEndpoint(events: string[] = ['lead.created']) {
  const owned = await createOwnerWithBusiness({ name: 'Hooked Co' });
  const name = `h${randomBytes(5).toString('hex')}`;
  const res = await api<WebhookSecret>('POST', `/api/businesses/${owned.business.id}/webhooks`, { user: owned.owner, body: { url: `${receiver}/hooks/${name}`, description: 'CRM', events } });
  expect(res.status).toBe(201);
  // The receiver checks signatures with the secret, as a customer's endpoint does.
  await fetch(`${receiver}/hooks/${name}/secret`, { method: 'POST', body: res.body.secret });
  return { ...owned, name, endpoint: res.body.endpoint, secret: res.body.secret };
}

const deliveriesOf = async (owner: TestUser, businessId: string, endpointId: string) =>
  (await api<{ deliveries: WebhookDelivery[] }>('GET', `/api/businesses/${businessId}/webhooks/${endpointId}/deliveries`, { user: owner })).body.deliveries;

describe('webhook endpoints', () => {
  it('shows the secret once: in the answer to the add, never in the list; it is stored to sign with', async () => {
    const { owner, business, endpoint, secret } = await ownerWithEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(endpoint).toMatchObject({ description: 'CRM', events: ['lead.created'], previousSecretExpiresAt: null });
    const list = await api('GET', `/api/businesses/${business.id}/webhooks`, { user: owner });
    expect(list.status).toBe(200);
    expect(list.body.endpoints).toEqual([endpoint]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    const stored = (await (await tables()).webhookEndpoint.get({ endpointId: endpoint.id }).go()).data;
    expect(stored).toMatchObject({ businessId: business.id, secret, createdBy: owner.sub });
  });

  it('refuses private, loopback and non-https URLs (the SSRF rules), storing nothing', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Careful Co' });
    const cases: [string, string][] = [
      ['https://10.0.0.1/hook', webhookMessages.urlPrivate],
      ['https://[::ffff:127.0.0.1]/hook', webhookMessages.urlPrivate],
      ['https://0x0a.1/hook', webhookMessages.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', webhookMessages.urlPrivate],
      ['http://hooks.example.com/hook', webhookMessages.urlNotHttps],
    ];
    for (const [url, message] of cases) {
      const res = await api('POST', `/api/businesses/${business.id}/webhooks`, { user: owner, body: { url, events: ['lead.created'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fieldErrors?.url, url).toBe(message);
    }
    expect((await (await tables()).webhookEndpoint.query.byBusiness({ businessId: business.id }).go()).data).toEqual([]);
  });

  it('deletes an endpoint: it is gone from the list and the table', async () => {
    const { owner, business, endpoint } = await ownerWithEndpoint();
    expect((await api('DELETE', `/api/businesses/${business.id}/webhooks/${endpoint.id}`, { user: owner })).status).toBe(204);
    expect((await api('GET', `/api/businesses/${business.id}/webhooks`, { user: owner })).body.endpoints).toEqual([]);
    expect((await (await tables()).webhookEndpoint.get({ endpointId: endpoint.id }).go()).data).toBeNull();
    expect((await api('DELETE', `/api/businesses/${business.id}/webhooks/${endpoint.id}`, { user: owner })).status).toBe(404);
  });
});

describe('lead.created', () => {
  it('reaches the endpoint signed, from the card page’s contact form, and the delivery log shows it', async () => {
    const { owner, business, name, endpoint, secret } = await ownerWithEndpoint();
    const employee = await addEmployee(owner, business.id, { name: 'Casey Jones' });
    const form = new URLSearchParams({ name: 'Vera Visitor', email: 'vera@example.com', company: 'Initech', consent: 'yes' }).toString();
    const res = await api('POST', `/api/public/cards/${employee.card.id}/contact`, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, from: freshClientAddress() });
    expect(res.status).toBe(200);

    const [hit] = await eventually(() => received(name), (r) => r.length > 0);
    expect(hit).toBeDefined();
    // What a customer's endpoint does: verify with the standardwebhooks library and the secret it was shown.
    const event = new Webhook(secret).verify(hit!.body, hit!.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'lead.created', data: { businessId: business.id, employeeId: employee.id, cardId: employee.card.id, employeeName: 'Casey Jones', name: 'Vera Visitor', email: 'vera@example.com', company: 'Initech', phone: null } });
    expect(hit!.headers['webhook-id']).toMatch(/^msg_/);
    expect(hit!.verified).toBe(true);

    const log = await eventually(() => deliveriesOf(owner, business.id, endpoint.id), (d) => d[0]?.status === 'succeeded');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ messageId: hit!.headers['webhook-id'], eventType: 'lead.created', status: 'succeeded', nextAttemptAt: null, replayOf: null });
    expect(log[0]!.attempts).toEqual([expect.objectContaining({ status: 204, error: null })]);
    const stored = (await (await tables()).webhookDelivery.get({ deliveryId: log[0]!.id }).go()).data;
    expect(stored).toMatchObject({ businessId: business.id, status: 'succeeded', payload: hit!.body });
  });

  it('is not sent to an endpoint that does not take it', async () => {
    const { owner, business, name, endpoint } = await ownerWithEndpoint(['employee.created']);
    const employee = await addEmployee(owner, business.id, { name: 'Casey Jones' });
    const form = new URLSearchParams({ name: 'Vera Visitor', email: 'vera@example.com', consent: 'yes' }).toString();
    expect((await api('POST', `/api/public/cards/${employee.card.id}/contact`, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, from: freshClientAddress() })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await received(name)).toEqual([]);
    expect(await deliveriesOf(owner, business.id, endpoint.id)).toEqual([]);
  });
});

describe('test events, retries, replays and rotation', () => {
  it('retries a failing endpoint after 5 seconds and records both attempts', async () => {
    const { owner, business, name, endpoint } = await ownerWithEndpoint();
    await fetch(`${receiver}/hooks/${name}/fail`, { method: 'POST', body: '1' });
    const queued = await api<WebhookDelivery>('POST', `/api/businesses/${business.id}/webhooks/${endpoint.id}/test`, { user: owner });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: [] });

    const pending = await eventually(() => deliveriesOf(owner, business.id, endpoint.id), (d) => d[0]?.attempts.length === 1);
    expect(pending[0]).toMatchObject({ status: 'pending', attempts: [expect.objectContaining({ status: 500 })] });
    expect(Date.parse(pending[0]!.nextAttemptAt!) - Date.parse(pending[0]!.createdAt)).toBe(5000);

    const done = await eventually(() => deliveriesOf(owner, business.id, endpoint.id), (d) => d[0]?.status === 'succeeded', 30_000);
    expect(done[0]!.attempts.map((a) => a.status)).toEqual([500, 204]);
    expect(Date.parse(done[0]!.attempts[1]!.at)).toBeGreaterThanOrEqual(Date.parse(done[0]!.createdAt) + 4000);
    const hits = await received(name);
    expect(hits.map((h) => h.answered)).toEqual([500, 204]);
    // Both attempts are the same event: one webhook-id.
    expect(new Set(hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
  }, 60_000);

  it('replays a delivery as a new delivery of the same event', async () => {
    const { owner, business, name, endpoint } = await ownerWithEndpoint();
    await api('POST', `/api/businesses/${business.id}/webhooks/${endpoint.id}/test`, { user: owner });
    const [first] = await eventually(() => deliveriesOf(owner, business.id, endpoint.id), (d) => d[0]?.status === 'succeeded');
    const replay = await api<WebhookDelivery>('POST', `/api/businesses/${business.id}/webhooks/${endpoint.id}/deliveries/${first!.id}/replay`, { user: owner });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ messageId: first!.messageId, replayOf: first!.id, status: 'pending' });
    const log = await eventually(() => deliveriesOf(owner, business.id, endpoint.id), (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'));
    expect(log.map((d) => d.replayOf)).toContain(first!.id);
    const hits = await eventually(() => received(name), (r) => r.length === 2);
    expect(hits.map((h) => h.headers['webhook-id'])).toEqual([first!.messageId, first!.messageId]);
    expect(hits.map((h) => h.body)).toEqual([hits[0]!.body, hits[0]!.body]);
  });

  it('signs with the old and the new secret while a rotation overlaps, so either verifies', async () => {
    const { owner, business, name, endpoint, secret: oldSecret } = await ownerWithEndpoint();
    const rotated = await api<WebhookSecret>('POST', `/api/businesses/${business.id}/webhooks/${endpoint.id}/secret`, { user: owner });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(oldSecret);
    expect(Date.parse(rotated.body.endpoint.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    await api('POST', `/api/businesses/${business.id}/webhooks/${endpoint.id}/test`, { user: owner });
    const [hit] = await eventually(() => received(name), (r) => r.length > 0);
    expect(hit!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    // The receiver still holds the old secret: it verified.
    expect(hit!.verified).toBe(true);
    expect(new Webhook(rotated.body.secret).verify(hit!.body, hit!.headers)).toMatchObject({ type: 'webhook.test' });
    const stored = (await (await tables()).webhookEndpoint.get({ endpointId: endpoint.id }).go()).data;
    expect(stored).toMatchObject({ secret: rotated.body.secret, previousSecret: oldSecret });
  });

  it('answers 404 for another business’s endpoint and delivery', async () => {
    const a = await ownerWithEndpoint();
    const b = await createOwnerWithBusiness({ name: 'Other Co' });
    expect((await api('POST', `/api/businesses/${b.business.id}/webhooks/${a.endpoint.id}/test`, { user: b.owner })).status).toBe(404);
    expect((await api('GET', `/api/businesses/${b.business.id}/webhooks/${a.endpoint.id}/deliveries`, { user: b.owner })).status).toBe(404);
    expect(await received(a.name)).toEqual([]);
  });
});
