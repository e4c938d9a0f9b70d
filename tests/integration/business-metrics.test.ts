// Business metrics where they happen: each service is called in-process against the test runtime's table with a
// metrics namespace configured (as CDK sets it), and the EMF lines it writes to stdout are read back.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceCreateSchema } from '../../shared/schemas/invoice';
import { uniqueEmail } from '../support/runtime';

// The runtime's environment is set by ../support/runtime, so these resolve to the test table.
const { createProfileIfMissing } = await import('../../functions/src/identity/repository');
const { createBusinessWithOwner } = await import('../../functions/src/business/repository');
const { createInvoice } = await import('../../functions/src/invoices/admin-invoices');
const { recordCheckoutPayment } = await import('../../functions/src/invoices/payment');
const { getInvoice } = await import('../../functions/src/invoices/payment-store');
const { submitCardContact } = await import('../../functions/src/contacts/submit-contact');
const { newId } = await import('../../functions/src/lib/ids');

/** The metric values `run` emits, by metric name, in order. */
async function metricsOf(run: () => Promise<unknown>): Promise<Record<string, number[]>> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    if (String(chunk).startsWith('{"_aws"')) lines.push(String(chunk));
    else write(chunk);
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  const out: Record<string, number[]> = {};
  for (const line of lines) {
    const emf = JSON.parse(line) as { _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] }; service: string } & Record<string, number>;
    expect(emf._aws.CloudWatchMetrics[0]!.Namespace).toBe('CardCrew');
    expect(emf.service).toBe('cardcrew-test');
    const name = emf._aws.CloudWatchMetrics[0]!.Metrics[0]!.Name;
    (out[name] ??= []).push(emf[name]!);
  }
  return out;
}

async function newBusiness() {
  const businessId = newId();
  await createBusinessWithOwner({ businessId, ownerId: `owner-${newId()}`, name: 'Metrics Co', billingEmail: uniqueEmail('billing'), billingCity: 'Springfield', billingCountry: 'United States', billingPostalCode: '12345' });
  return businessId;
}

describe('business metrics', () => {
  beforeEach(() => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'CardCrew');
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'cardcrew-test');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('counts a sign-up when an account’s profile is first created, not again, and not for an invited admin', async () => {
    const userId = `user-${newId()}`;
    const profile = { userId, email: uniqueEmail('signup'), displayName: 'New', accountType: 'business' as const };
    expect(await metricsOf(() => createProfileIfMissing(profile))).toEqual({ SignUps: [1] });
    expect(await metricsOf(() => createProfileIfMissing(profile))).toEqual({});
    expect(await metricsOf(() => createProfileIfMissing({ userId: `admin-${newId()}`, email: uniqueEmail('admin'), displayName: 'Admin', accountType: 'admin' }))).toEqual({});
  });

  it('counts an invoice an admin creates, and its payment once although verify and the webhook both record it', async () => {
    const businessId = await newBusiness();
    let invoiceId = '';
    const created = await metricsOf(async () => {
      ({ invoice: { id: invoiceId } } = await createInvoice(invoiceCreateSchema.parse({ businessId, amount: 49, dueDate: '2030-01-31' })));
    });
    expect(created).toEqual({ InvoicesCreated: [1] });

    const sessionId = `cs_${newId()}`;
    const session = { id: sessionId, metadata: { invoiceId }, payment_status: 'paid', amount_total: 4900, currency: 'usd', payment_intent: null } as never;
    expect(await metricsOf(() => recordCheckoutPayment(session))).toEqual({ InvoicesPaid: [1] });
    expect(await metricsOf(() => recordCheckoutPayment(session))).toEqual({});
    expect(await getInvoice(invoiceId)).toMatchObject({ status: 'paid', paidAmountCents: 4900, stripeSessionId: sessionId });
  });

  it('counts a contact shared through a card page form, and not the honeypot’s', async () => {
    const form = (fields: Record<string, string>) =>
      ({
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        requestContext: { http: { sourceIp: `198.51.100.${Math.floor(Math.random() * 250) + 1}` } },
      }) as unknown as APIGatewayProxyEventV2;
    const visitor = { name: 'Pat Visitor', email: uniqueEmail('visitor'), consent: 'yes' };
    expect(await metricsOf(() => submitCardContact('demo-card-jane-cooper', form(visitor)))).toEqual({ ContactsShared: [1] });
    expect(await metricsOf(() => submitCardContact('demo-card-jane-cooper', form({ ...visitor, website: 'https://spam.example' })))).toEqual({});
  });
});
