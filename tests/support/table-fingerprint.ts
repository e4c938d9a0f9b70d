// A fingerprint of every item in the table, so a test can prove that a refused request changed nothing at all
// (not just the items it expected to be touched).
import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runtime } from './runtime';

const SEGMENTS = 4;

async function scanSegment(segment: number): Promise<Record<string, unknown>[]> {
  const { dynamo } = await import('../../functions/src/data/client');
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: runtime.env.TABLE_NAME, Segment: segment, TotalSegments: SEGMENTS, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item of the table (tests that prove nothing of a deleted thing is left). */
export async function allItems(): Promise<Record<string, unknown>[]> {
  return (await Promise.all(Array.from({ length: SEGMENTS }, (_, i) => scanSegment(i)))).flat();
}

/** The items whose attributes (keys included) mention any of `values`. */
export async function itemsMentioning(...values: string[]): Promise<Record<string, unknown>[]> {
  return (await allItems()).filter((item) => values.some((value) => JSON.stringify(item).includes(value)));
}

/**
 * Attributes the card-sharing worker writes on its own schedule, a second or two after a card changed (the link
 * preview's URL, issue 22 §5). No request writes them, so a refused one cannot either; left out so that a worker
 * finishing an earlier change during a test does not look like the request's doing.
 */
const WORKER_ATTRIBUTES = new Set(['previewImageUrl']);

/** The sorted hashes of every item, with their count: equal fingerprints mean an unchanged table. */
export async function tableFingerprint(): Promise<{ items: number; digest: string }> {
  const keysOf = (item: Record<string, unknown>) => Object.keys(item).filter((key) => !WORKER_ATTRIBUTES.has(key)).sort();
  const hashes = (await allItems()).map((item) => createHash('sha256').update(JSON.stringify(item, keysOf(item))).digest('base64url')).sort();
  return { items: hashes.length, digest: createHash('sha256').update(hashes.join()).digest('base64url') };
}
