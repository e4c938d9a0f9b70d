// The monthly run's fan-out (issue 20 §3) through the real local SQS and worker: every payer — businesses and an
// agency — billed once and mailed, the run record's counts right; a payer that fails is retried on its own, recorded on
// the run with its reason and parked in the dead-letter queue, and a re-run once it is fixed bills only that payer.
import { describe, expect, it } from 'vitest';
import { GetQueueAttributesCommand, PurgeQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addClient, agencyWithSettings } from '../support/agencies';
import { runMonthlyBilling } from '../support/billing-runs';
import { addEmployee, createOwnerWithBusiness, mailbox, runtime, tables } from '../support/runtime';

const sqs = new SQSClient({ region: 'us-east-1', endpoint: runtime.env.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const deadLetterUrl = runtime.env.BILLING_QUEUE_URL!.replace(/cardcrew-billing$/, 'cardcrew-billing-dlq');

async function payersWithEmployees(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { owner, business } = await createOwnerWithBusiness({ name: `Fan-out Co ${i}` });
      await addEmployee(owner, business.id, { status: 'active' });
      return business;
    }),
  );
}

/** Sets or removes a business's stored name with a raw write (the data layer would refuse to remove it). */
async function setStoredName(businessId: string, name: string | null) {
  const db = await tables();
  const { Key, TableName } = db.business.get({ businessId }).params() as { Key: Record<string, string>; TableName: string };
  const { dynamo } = await import('../../functions/src/data/client');
  await dynamo().send(
    name === null
      ? new UpdateCommand({ TableName, Key, UpdateExpression: 'REMOVE #n', ExpressionAttributeNames: { '#n': 'name' } })
      : new UpdateCommand({ TableName, Key, UpdateExpression: 'SET #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': name } }),
  );
}

describe('the monthly billing fan-out', () => {
  it('bills several businesses and an agency once each through the queue, mails each invoice, and counts the run', async () => {
    const businesses = await payersWithEmployees(3);
    const agency = await agencyWithSettings();
    const client = await addClient(agency.user, 'Fan-out Client');
    await addEmployee(agency.user, client, { status: 'active' });
    const mailsBefore = (await mailbox()).length;

    const { run, outcomes } = await runMonthlyBilling(new Date('2034-02-01T03:00:00Z'));

    expect(run).toMatchObject({ period: '2034-02', status: 'finished', startedBy: 'test', failed: 0, failures: [] });
    expect(run.billed + run.alreadyBilled + run.skipped + run.notBillable).toBe(run.expected);
    expect(run.finishedAt).not.toBeNull();
    for (const b of businesses) expect(outcomes.get(b.id)?.outcome).toBe('billed');
    expect(outcomes.get(agency.agencyId)?.outcome).toBe('billed');
    expect(outcomes.has(client)).toBe(false);
    const db = await tables();
    for (const payerId of [...businesses.map((b) => b.id), agency.agencyId]) {
      const ofPeriod = (await db.invoice.query.byBusiness({ businessId: payerId }).go()).data.filter((i) => i.billingPeriod === '2034-02');
      expect(ofPeriod.map((i) => i.invoiceId)).toEqual([outcomes.get(payerId)!.invoiceId]);
    }
    // One mail per invoice created (each payer here has an owner's address).
    const mails = (await mailbox()).slice(mailsBefore);
    expect(mails.length).toBe(run.billed - run.mailsFailed);
    for (const b of businesses) expect(mails.filter((m) => [m.to].flat().includes(b.billingEmail))).toHaveLength(1);
  });

  it('retries a failing payer on its own, records it on the run, parks it in the DLQ, and a re-run bills only it once fixed', async () => {
    await sqs.send(new PurgeQueueCommand({ QueueUrl: deadLetterUrl }));
    const [healthy, broken] = await payersWithEmployees(2);
    // A corrupt record: the business has lost its name, so its invoice cannot be written (the invoice requires one).
    await setStoredName(broken!.id, null);
    const runDate = new Date('2034-03-01T03:00:00Z');
    try {
      const first = await runMonthlyBilling(runDate);
      expect(first.run.failed).toBe(1);
      expect(first.run.failures).toEqual([{ payerType: 'business', payerId: broken!.id, reason: expect.stringMatching(/businessName|required/i) }]);
      expect(first.outcomes.get(healthy!.id)?.outcome).toBe('billed');
      expect(first.outcomes.get(broken!.id)).toMatchObject({ outcome: 'failed' });
      expect(first.run.billed + first.run.alreadyBilled + first.run.skipped + first.run.notBillable + first.run.failed).toBe(first.run.expected);

      // The message comes back after its retry delay, is received a third time and then parked with its payer id.
      await expect
        .poll(async () => Number((await sqs.send(new GetQueueAttributesCommand({ QueueUrl: deadLetterUrl, AttributeNames: ['ApproximateNumberOfMessages'] }))).Attributes!.ApproximateNumberOfMessages), { timeout: 20_000, interval: 500 })
        .toBe(1);
      const parked = await sqs.send(new ReceiveMessageCommand({ QueueUrl: deadLetterUrl, VisibilityTimeout: 0 }));
      expect(JSON.parse(parked.Messages![0]!.Body!)).toMatchObject({ runId: first.run.id, period: '2034-03', payer: { type: 'business', businessId: broken!.id } });
    } finally {
      await setStoredName(broken!.id, 'Fan-out Co fixed');
    }

    const again = await runMonthlyBilling(runDate);
    expect(again.run).toMatchObject({ billed: 1, failed: 0 });
    expect(again.outcomes.get(broken!.id)?.outcome).toBe('billed');
    expect(again.outcomes.get(healthy!.id)?.outcome).toBe('alreadyBilled');
    const db = await tables();
    for (const b of [healthy!, broken!]) expect((await db.invoice.query.byBusiness({ businessId: b.id }).go()).data.filter((i) => i.billingPeriod === '2034-03')).toHaveLength(1);
  });
});
