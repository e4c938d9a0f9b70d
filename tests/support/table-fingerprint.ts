// A fingerprint of every item in the table, so a test can prove that a refused request changed nothing at all
// (not just the items it expected to be touched).
import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runtime } from './runtime';

const SEGMENTS = 4;

async function scanSegment(segment: number): Promise<string[]> {
  const { dynamo } = await import('../../functions/src/data/client');
  const hashes: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: runtime.env.TABLE_NAME, Segment: segment, TotalSegments: SEGMENTS, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) hashes.push(createHash('sha256').update(JSON.stringify(item, Object.keys(item).sort())).digest('base64url'));
    start = page.LastEvaluatedKey;
  } while (start);
  return hashes;
}

/** The sorted hashes of every item, with their count: equal fingerprints mean an unchanged table. */
export async function tableFingerprint(): Promise<{ items: number; digest: string }> {
  const hashes = (await Promise.all(Array.from({ length: SEGMENTS }, (_, i) => scanSegment(i)))).flat().sort();
  return { items: hashes.length, digest: createHash('sha256').update(hashes.join()).digest('base64url') };
}
