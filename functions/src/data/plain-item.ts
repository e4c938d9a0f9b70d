// One item by key with the plain document client, for the Lambdas that read without ElectroDB (the card page and
// payments): null when there is none or when it is another entity's, as ElectroDB's get answers.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { isItemOf } from './key-format';

export async function getItemOf<T>(key: Record<string, string>, entity: string, consistent: boolean): Promise<T | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }));
  return isItemOf(Item, entity) ? (Item as T) : null;
}
