// The table fingerprint that the authorization, hostile-input and other suites use to prove a refused request changed
// nothing: it must notice every kind of write, and only the card-sharing worker's own attribute may change unseen.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { runtime } from '../support/runtime';
import { tableFingerprint } from '../support/table-fingerprint';

const key = { pk: `fingerprint-probe#${Date.now()}`, sk: 'probe' };

async function table() {
  const { dynamo } = await import('../../functions/src/data/client');
  return dynamo();
}

describe('table fingerprint', () => {
  it('changes with every insert, update and delete, and lists the item; a worker-only change or a no-op write is not a change', async () => {
    const TableName = runtime.env.TABLE_NAME;
    const start = await tableFingerprint();
    expect(await tableFingerprint()).toEqual(start);

    await (await table()).send(new PutCommand({ TableName, Item: { ...key, name: 'first' } }));
    const inserted = await tableFingerprint();
    expect(inserted).not.toEqual(start);
    expect(inserted.latest.at(-1)).toBe(`INSERT ${key.pk} ${key.sk}`);

    // Writing the same values again changes no item, and the worker's link-preview URL is not a request's doing.
    await (await table()).send(new PutCommand({ TableName, Item: { ...key, name: 'first' } }));
    await (await table()).send(new UpdateCommand({ TableName, Key: key, UpdateExpression: 'SET previewImageUrl = :u', ExpressionAttributeValues: { ':u': 'https://example.com/p.jpg' } }));
    expect(await tableFingerprint()).toEqual(inserted);

    await (await table()).send(new UpdateCommand({ TableName, Key: key, UpdateExpression: 'SET #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'second' } }));
    const updated = await tableFingerprint();
    expect(updated.changes).toBe(inserted.changes + 1);
    expect(updated.latest.at(-1)).toBe(`MODIFY ${key.pk} ${key.sk}`);

    await (await table()).send(new DeleteCommand({ TableName, Key: key }));
    const deleted = await tableFingerprint();
    expect(deleted.changes).toBe(updated.changes + 1);
    expect(deleted.latest.at(-1)).toBe(`REMOVE ${key.pk} ${key.sk}`);
  });
});
