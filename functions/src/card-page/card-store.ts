// The card page's data access, with the plain document client (no ElectroDB in this Lambda): one GetItem for
// everything the page shows, and the scan counted with four atomic ADDs in one parallel flight, no read. All four
// also count the scan under its source (issue 22 §7), the day counters under its device class too (issue 11 §2).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { cardKeys, counterStamps } from '../data/card-keys';
import { getItemOf } from '../data/plain-item';
import { scanSourceCounterOf } from '../../../shared/scan-sources';
import type { ScanContext } from './scan-context';

/** The card item as stored: the public copy of its employee's and business's fields (entities.ts `card`). */
export interface StoredCard {
  cardId: string;
  businessId: string;
  isActive: boolean;
  profile: { name: string; email?: string; phone?: string; officePhone?: string; mobilePhone?: string; jobTitle?: string; department?: string; linkedinProfile?: string; photoUrl?: string };
  business: { name: string; logoUrl?: string; website?: string; description?: string; primaryColor?: string; secondaryColor?: string; accentColor?: string; isActive: boolean };
  /** The link preview image, once rendered (functions/src/link-preview). */
  previewImageUrl?: string;
}

export function readCard(cardId: string): Promise<StoredCard | null> {
  return getItemOf<StoredCard>(cardKeys.card(cardId), 'card', false);
}

/** The leaver item of a card whose employee left (entities.ts `leaver`, functions/src/leavers). */
export interface StoredLeaver {
  cardId: string;
  businessId: string;
  name: string;
  businessName: string;
  website?: string;
  phone?: string;
  logoUrl?: string;
  primaryColor?: string;
  secondaryColor?: string;
  accentColor?: string;
  successorCardId?: string;
  successorName?: string;
}

/** Read only when the card is off or gone: the one extra GetItem of a leaver's page. */
export function readLeaver(cardId: string): Promise<StoredLeaver | null> {
  return getItemOf<StoredLeaver>(cardKeys.leaver(cardId), 'leaver', false);
}

/** ADD 1 to each counter and SET the stamp attributes; `mustExist` refuses to create the item (totals exist with their card). */
function add(key: Record<string, string>, counters: string[], stamps: Record<string, string>, mustExist: boolean) {
  const names: Record<string, string> = Object.fromEntries(counters.map((name, i) => [`#c${i}`, name]));
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
      UpdateExpression: `SET ${sets.join(', ')} ADD ${counters.map((_, i) => `#c${i} :one`).join(', ')}`,
      ConditionExpression: mustExist ? 'attribute_exists(pk)' : undefined,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Counts one scan: the card and business totals and both per-day counters (`day` = YYYY-MM-DD, UTC) with its split. */
export async function countScan(cardId: string, businessId: string, day: string, scan: ScanContext): Promise<void> {
  const source = scanSourceCounterOf(scan.source);
  const total = ['scanCount', source];
  const daily = ['count', source, `${scan.device}Scans`];
  await Promise.all([
    add(cardKeys.cardScanTotal(cardId), total, counterStamps.cardScanTotal(cardId), true),
    add(cardKeys.businessScanTotal(businessId), total, counterStamps.businessScanTotal(businessId), true),
    add(cardKeys.cardScanDay(cardId, day), daily, counterStamps.cardScanDay(cardId, businessId, day), false),
    add(cardKeys.businessScanDay(businessId, day), daily, counterStamps.businessScanDay(businessId, day), false),
  ]);
}
