// The DynamoDB document client and table name every repository uses (one table, DESIGN §6).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localClientOptions, runtimeConfig, tableConfig } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const c = tableConfig();
    const client = new DynamoDBClient({
      region: runtimeConfig().AWS_REGION,
      ...localClientOptions(c.DYNAMODB_ENDPOINT),
      // Locally one process stands in for many Lambda containers, so it needs more than the 50 default sockets.
      ...(c.DYNAMODB_ENDPOINT ? { requestHandler: { httpAgent: { maxSockets: 256 } } } : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

export function tableName(): string {
  return tableConfig().TABLE_NAME;
}

/** The table's key schema — the CDK stack and the local runtime create the same table from it. */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // Sparse: only the items of its access patterns carry gsi3 keys (e.g. unpaid invoices only while they are unpaid).
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  ttlAttribute: 'expiresAt',
} as const;
