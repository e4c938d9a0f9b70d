// The card page's data access, with the plain document client (no ElectroDB in this Lambda): one GetItem for
// everything the page shows, and the scan counted with four atomic ADDs in one parallel flight, no read.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { cardKeys, counterStamps } from '../data/card-keys';

/** The card item as stored: the public copy of its employee's and business's fields (entities.ts `card`). */
export interface StoredCard {
  cardId: string;
  businessId: string;
  isActive: boolean;
  profile: { name: string; email?: string; phone?: string; officePhone?: string; mobilePhone?: string; jobTitle?: string; department?: string; linkedinProfile?: string; photoUrl?: string };
  business: { name: string; logoUrl?: string; website?: string; description?: string; primaryColor?: string; secondaryColor?: string; accentColor?: string; isActive: boolean };
}

export async function readCard(cardId: string): Promise<StoredCard | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: cardKeys.card(cardId) }));
  return Item?.__edb_e__ === 'card' ? (Item as unknown as StoredCard) : null;
}

/** ADD 1 to `counter` and SET the stamp attributes; `mustExist` refuses to create the item (totals exist with their card). */
function add(key: Record<string, string>, counter: string, stamps: Record<string, string>, mustExist: boolean) {
  const names: Record<string, string> = { '#c': counter };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = Object.entries(stamps).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  return dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')} ADD #c :one`,
      ConditionExpression: mustExist ? 'attribute_exists(pk)' : undefined,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Counts one scan: the card and business totals and both per-day counters (`day` = YYYY-MM-DD, UTC). */
export async function countScan(cardId: string, businessId: string, day: string): Promise<void> {
  await Promise.all([
    add(cardKeys.cardScanTotal(cardId), 'scanCount', counterStamps.cardScanTotal(cardId), true),
    add(cardKeys.businessScanTotal(businessId), 'scanCount', counterStamps.businessScanTotal(businessId), true),
    add(cardKeys.cardScanDay(cardId, day), 'count', counterStamps.cardScanDay(cardId, day), false),
    add(cardKeys.businessScanDay(businessId, day), 'count', counterStamps.businessScanDay(businessId, day), false),
  ]);
}
