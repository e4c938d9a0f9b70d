// Lambda's DynamoDB stream event source mapping, in-process, over DynamoDB Local's stream: every shard is read in
// order, the records that pass the filter go to the handler in batches, and a record the handler reports failed
// (ReportBatchItemFailures) is retried from its position — with the records after it — up to `retryAttempts` times, then
// skipped with a logged "dead letter", as the deployed mapping sends it to its on-failure queue. Shards open when the
// runtime starts are read from LATEST (as a new mapping with startingPosition LATEST does); shards that open later from
// their beginning.
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record, type ShardIteratorType } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

export interface StreamSourceOptions {
  /** A client of DynamoDB Local (the streams client uses the same endpoint and credentials). */
  table: DynamoDBClient;
  tableName: string;
  /** The event filter: records it refuses never reach the handler. */
  filter: (record: DynamoDBRecord) => boolean;
  batchSize: number;
  retryAttempts: number;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  onError?: (error: unknown) => void;
  /** Called with a record given up on after `retryAttempts` retries. */
  onDeadLetter?: (record: DynamoDBRecord) => void;
  pollMilliseconds?: number;
}

export interface RunningStreamSource {
  stop: () => Promise<void>;
}

/** The SDK's stream record in the shape Lambda delivers (creation time in epoch seconds). */
function asLambdaRecord(record: _Record, streamArn: string, region: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: { ...(record.dynamodb as DynamoDBRecord['dynamodb']), ApproximateCreationDateTime: created ? Math.floor(new Date(created).getTime() / 1000) : undefined },
  };
}

export async function startDynamoDbStreamSource(options: StreamSourceOptions): Promise<RunningStreamSource> {
  const config = options.table.config;
  const region = await config.region();
  const streams = new DynamoDBStreamsClient({ region, endpoint: await config.endpoint!(), credentials: await config.credentials() });
  const described = await options.table.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = described.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);

  const iterators = new Map<string, string>();
  const known = new Set<string>();
  const attempts = new Map<string, number>();
  let stopped = false;

  const iterator = async (shardId: string, type: ShardIteratorType, sequenceNumber?: string) =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }))).ShardIterator;

  const discover = async (initial: boolean) => {
    let start: string | undefined;
    do {
      const page = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const shard of page.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (known.has(id)) continue;
        known.add(id);
        const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
        if (initial && !open) continue;
        const it = await iterator(id, initial ? 'LATEST' : 'TRIM_HORIZON');
        if (it) iterators.set(id, it);
      }
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start);
  };

  /** Reads one batch of a shard and hands the filtered records to the handler; returns true when records were read. */
  const readShard = async (shardId: string, shardIterator: string): Promise<boolean> => {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: shardIterator, Limit: options.batchSize }));
    const read = page.Records ?? [];
    const records = read.map((r) => asLambdaRecord(r, streamArn, region)).filter(options.filter);
    let next = page.NextShardIterator;
    if (records.length > 0) {
      let failed: string | undefined;
      try {
        failed = (await options.handler({ Records: records }))?.batchItemFailures?.[0]?.itemIdentifier;
      } catch (error) {
        options.onError?.(error);
        failed = records[0]!.dynamodb!.SequenceNumber;
      }
      if (failed) {
        const tries = (attempts.get(failed) ?? 0) + 1;
        attempts.set(failed, tries);
        if (tries <= options.retryAttempts) {
          next = await iterator(shardId, 'AT_SEQUENCE_NUMBER', failed);
        } else {
          attempts.delete(failed);
          options.onDeadLetter?.(records.find((r) => r.dynamodb?.SequenceNumber === failed)!);
          next = await iterator(shardId, 'AFTER_SEQUENCE_NUMBER', failed);
        }
      }
    }
    if (next) iterators.set(shardId, next);
    else iterators.delete(shardId); // the shard is closed and read to its end
    return read.length > 0;
  };

  await discover(true);
  const loop = (async () => {
    let lastDiscovery = Date.now();
    while (!stopped) {
      let busy = false;
      for (const [shardId, it] of [...iterators]) {
        try {
          busy = (await readShard(shardId, it)) || busy;
        } catch (error) {
          if (!stopped) options.onError?.(error);
        }
      }
      if (Date.now() - lastDiscovery > 2000 || iterators.size === 0) {
        lastDiscovery = Date.now();
        await discover(false).catch((error) => !stopped && options.onError?.(error));
      }
      if (!busy) await new Promise((r) => setTimeout(r, options.pollMilliseconds ?? 200));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      streams.destroy();
    },
  };
}
