// The card page's data access, with the plain document client (no ElectroDB in this Lambda): one GetItem for
// everything the page shows, and the scan counted with ONE atomic ADD on the card's day counter, no read (issue 25 §2):
// its count, its source (issue 22 §7) and its device class (issue 11 §2). The card's and the business's totals and the
// business's day counter are folded in from the table's stream by the scan-totals worker (functions/src/scan-totals).
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
  business: { name: string; logoUrl?: string; website?: string; description?: string; primaryColor?: string; secondaryColor?: string; accentColor?: string; cardPageQr?: boolean; isActive: boolean };
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

/** Counts one scan on the card's counter of `day` (YYYY-MM-DD, UTC): one UpdateItem, which creates the item on its first scan. */
export async function countScan(cardId: string, businessId: string, day: string, scan: ScanContext): Promise<void> {
  // The totals are closed from the card-days once the day has ended (functions/src/scan-totals/close.ts).
  const counters = ['count', scanSourceCounterOf(scan.source), `${scan.device}Scans`];
  const stamps = counterStamps.cardScanDay(cardId, businessId, day);
  const names: Record<string, string> = Object.fromEntries(counters.map((name, i) => [`#c${i}`, name]));
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = Object.entries(stamps).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: cardKeys.cardScanDay(cardId, day),
      UpdateExpression: `SET ${sets.join(', ')} ADD ${counters.map((_, i) => `#c${i} :one`).join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
