// Whole-table reads for tests that prove nothing of a thing is left, and a fingerprint of the table's changes, so a test
// can prove that a refused request changed nothing at all (not just the items it expected to be touched).
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record } from '@aws-sdk/client-dynamodb-streams';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { isDeepStrictEqual } from 'node:util';
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

/**
 * The table's changes are read from its DynamoDB stream (NEW_AND_OLD_IMAGES), which records every write that changed an
 * item (a write that changes nothing makes no record), in the same step as the write. Reading only what changed costs
 * milliseconds where scanning and hashing the whole table cost 0.3–1 s once earlier suites had filled it (10,000+
 * items), twice per route in the authorization and hostile-input suites.
 */
interface Watch {
  streams: DynamoDBStreamsClient;
  streamArn: string;
  /** The next iterator of each shard being read. */
  iterators: Map<string, string | undefined>;
  /** Every change seen since the watch began (in this test file), oldest first. */
  changes: string[];
}
let watch: Promise<Watch> | undefined;

async function startWatch(): Promise<Watch> {
  const { dynamo } = await import('../../functions/src/data/client');
  const config = dynamo().config;
  const streams = new DynamoDBStreamsClient({ region: await config.region(), endpoint: await config.endpoint!(), credentials: await config.credentials() });
  const streamArn = (await dynamo().send(new DescribeTableCommand({ TableName: runtime.env.TABLE_NAME }))).Table?.LatestStreamArn;
  if (!streamArn) throw new Error('the test table has no stream');
  const watched: Watch = { streams, streamArn, iterators: new Map(), changes: [] };
  // Shards open now are read from this moment on; shards that open later, from their beginning (see drain).
  for (const shard of await shardsOf(watched)) {
    if (shard.SequenceNumberRange?.EndingSequenceNumber) continue;
    watched.iterators.set(shard.ShardId!, await iteratorOf(watched, shard.ShardId!, 'LATEST'));
  }
  return watched;
}

async function shardsOf(w: Watch) {
  return (await w.streams.send(new DescribeStreamCommand({ StreamArn: w.streamArn }))).StreamDescription?.Shards ?? [];
}

async function iteratorOf(w: Watch, shardId: string, type: 'LATEST' | 'TRIM_HORIZON') {
  return (await w.streams.send(new GetShardIteratorCommand({ StreamArn: w.streamArn, ShardId: shardId, ShardIteratorType: type }))).ShardIterator;
}

/** A record as a line a failing test prints, or null when only worker attributes changed. */
function describeChange(record: _Record): string | null {
  const { Keys, OldImage, NewImage } = record.dynamodb ?? {};
  const without = (image: typeof OldImage) => Object.fromEntries(Object.entries(image ?? {}).filter(([name]) => !WORKER_ATTRIBUTES.has(name)));
  if (record.eventName === 'MODIFY' && isDeepStrictEqual(without(OldImage), without(NewImage))) return null;
  return `${record.eventName} ${Keys?.pk?.S} ${Keys?.sk?.S}`;
}

/** Reads every record written since the last read into the watch's changes. */
async function drain(w: Watch) {
  for (const shard of await shardsOf(w)) {
    if (!w.iterators.has(shard.ShardId!)) w.iterators.set(shard.ShardId!, await iteratorOf(w, shard.ShardId!, 'TRIM_HORIZON'));
  }
  for (const [shardId, start] of w.iterators) {
    let iterator = start;
    while (iterator) {
      const page = await w.streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      for (const record of page.Records ?? []) {
        const change = describeChange(record);
        if (change) w.changes.push(change);
      }
      // An open shard always has a next iterator: keep it for the next read once this one has caught up.
      if (!page.Records?.length || !page.NextShardIterator) {
        w.iterators.set(shardId, page.NextShardIterator ?? iterator);
        break;
      }
      iterator = page.NextShardIterator;
    }
  }
}

/**
 * The table's changes so far: two equal fingerprints mean nothing in the table changed between them. The first call
 * starts watching; a later one that differs lists the items written in between (event, pk, sk).
 */
export async function tableFingerprint(): Promise<{ changes: number; latest: string[] }> {
  watch ??= startWatch();
  const w = await watch;
  await drain(w);
  return { changes: w.changes.length, latest: w.changes.slice(-5) };
}
