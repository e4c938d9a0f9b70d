// The card-sharing worker's feed on one machine (issue 22): DynamoDB Local's stream of the table, read by the local
// event source with the deployed mapping's settings, turns each write of a card into a CardChange with both images; a
// write that changes nothing a shared card shows reaches no reaction; a reaction that fails is retried from its
// record, and the records after it still arrive, in order.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardChange } from '../../functions/src/business/card-changes';
import { cardSharingStream } from '../../functions/src/card-sharing/stream';
import { handleCardRecords } from '../../functions/src/card-sharing/worker';
import { startDynamoDbStreamSource, type RunningStreamSource } from '../../functions/local/dynamodb-stream-source';
import { addEmployee, api, createOwnerWithBusiness, runtime, tables } from '../support/runtime';

const seen: CardChange[] = [];
/** Card ids whose next reaction fails once. */
const failNext = new Set<string>();
const deadLetters: string[] = [];
let source: RunningStreamSource;

beforeAll(async () => {
  source = await startDynamoDbStreamSource({
    table: new DynamoDBClient({ region: 'us-east-1', endpoint: runtime.env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    tableName: runtime.env.TABLE_NAME!,
    filter: (record) => record.dynamodb?.Keys?.sk?.S === cardSharingStream.cardSortKey,
    batchSize: cardSharingStream.batchSize,
    retryAttempts: cardSharingStream.retryAttempts,
    pollMilliseconds: 100,
    handler: (event) =>
      handleCardRecords(event, {
        record: async (change) => {
          if (failNext.delete(change.cardId)) throw new Error('reaction failed once');
          seen.push(change);
        },
      }),
    onDeadLetter: (record) => deadLetters.push(record.dynamodb!.SequenceNumber!),
  });
});

afterAll(() => source.stop());

async function changesOf(cardId: string, count: number): Promise<CardChange[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mine = seen.filter((c) => c.cardId === cardId);
    if (mine.length >= count || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the card-sharing stream on one machine', () => {
  it('delivers the creation and each change of what the card shows, with both images, and not a bookkeeping write', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id, { name: 'Stream Person', jobTitle: 'Engineer', status: 'active' });
    const cardId = employee.card.id as string;

    const renamed = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
      user: owner,
      body: { name: 'Stream Renamed', email: employee.email, jobTitle: 'Lead Engineer', role: 'employee', status: 'active' },
    });
    expect(renamed.status).toBe(200);
    // A write that touches only the card's bookkeeping: not a change to react to.
    await (await tables()).card.patch({ cardId }).set({ qrCodeUrl: 'https://example.com/qr.png' }).go();
    const deactivated = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
      user: owner,
      body: { name: 'Stream Renamed', email: employee.email, jobTitle: 'Lead Engineer', role: 'employee', status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);

    const changes = await changesOf(cardId, 3);
    expect(changes).toHaveLength(3);
    const [created, edited, inactive] = changes;
    expect(created).toMatchObject({ cardId, businessId: business.id, employeeId: employee.id, after: { profile: { name: 'Stream Person' }, isActive: true } });
    expect(created!.before).toBeUndefined();
    expect(edited!.before).toMatchObject({ profile: { name: 'Stream Person', jobTitle: 'Engineer' } });
    expect(edited!.after).toMatchObject({ profile: { name: 'Stream Renamed', jobTitle: 'Lead Engineer' }, isActive: true });
    expect(inactive!.after).toMatchObject({ isActive: false });
    // The images are cards, not raw items: no table keys, no ElectroDB bookkeeping.
    expect(Object.keys(edited!.after!)).not.toEqual(expect.arrayContaining(['pk']));
    expect(edited!.after).not.toHaveProperty('__edb_e__');
    // What the table holds is what the last change said.
    const { data } = await (await tables()).card.get({ cardId }).go({ consistent: true });
    expect(data).toMatchObject({ isActive: false, profile: { name: 'Stream Renamed' } });
  });

  it('retries a failed reaction from its record, and the records after it still arrive in order', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id, { name: 'Retry Person', status: 'active' });
    const cardId = employee.card.id as string;
    await changesOf(cardId, 1);
    failNext.add(cardId);
    for (const name of ['Retry One', 'Retry Two']) {
      const saved = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
        user: owner,
        body: { name, email: employee.email, role: 'employee', status: 'active' },
      });
      expect(saved.status).toBe(200);
    }
    const changes = await changesOf(cardId, 3);
    expect(changes.map((c) => c.after?.profile.name)).toEqual(['Retry Person', 'Retry One', 'Retry Two']);
    expect(failNext.has(cardId)).toBe(false);
    expect(deadLetters).toEqual([]);
  });
});
