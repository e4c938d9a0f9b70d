// One page of a gsi2 listing (all businesses, all invoices), newest first, with an optional FilterExpression. A page
// stops at `rows` matches or after looking at `maxExamined` items, in Query steps of 250: a request costs at most
// four Query calls however large the listing, and the opaque cursor goes on from where it stopped
// (docs/access-patterns.md #32).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../../shared/zod';
import { dynamo, tableName } from '../data/client';
import { invalidCursor } from './errors';

const STEP = 250;

const keySchema = z.strictObject({ pk: z.string().check(z.maxLength(300)), sk: z.string().check(z.maxLength(300)), gsi2pk: z.string().check(z.maxLength(300)), gsi2sk: z.string().check(z.maxLength(300)) });
type StartKey = z.infer<typeof keySchema>;

export interface ListingFilter {
  /** A FilterExpression over the items' attributes, or undefined for none. */
  expression?: string;
  values: Record<string, unknown>;
  /** Attribute names the expression uses as placeholders (reserved words such as `status`). */
  names?: Record<string, string>;
}

export interface ListingPage<T> {
  items: T[];
  /** null when the whole listing has been looked at. */
  nextCursor: string | null;
  examined: number;
}

function encodeCursor(key: StartKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor this API did not hand out for this listing is a validation error (400), never a key of something else. */
function decodeCursor(cursor: string, listingKey: string): StartKey {
  try {
    const key = keySchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.success && key.data.gsi2pk === listingKey && encodeCursor(key.data) === cursor) return key.data;
  } catch {
    // falls through to the validation error
  }
  throw invalidCursor();
}

export async function filteredListingPage<T>(options: { listingKey: string; filter: ListingFilter; cursor?: string; rows: number; maxExamined: number }): Promise<ListingPage<T>> {
  const { listingKey, filter, rows, maxExamined } = options;
  const items: T[] = [];
  let startKey: StartKey | undefined = options.cursor ? decodeCursor(options.cursor, listingKey) : undefined;
  let examined = 0;
  let more = true;
  while (items.length < rows && examined < maxExamined) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: filter.expression,
        ExpressionAttributeValues: { ':pk': listingKey, ...filter.values },
        ExpressionAttributeNames: filter.names,
        ScanIndexForward: false,
        Limit: Math.min(STEP, maxExamined - examined),
        ExclusiveStartKey: startKey,
      }),
    );
    examined += page.ScannedCount ?? 0;
    const found = page.Items ?? [];
    const room = rows - items.length;
    items.push(...(found.slice(0, room) as T[]));
    if (found.length >= room) {
      // The page filled inside this step: the next one starts after its last row.
      const last = found[room - 1]!;
      startKey = { pk: last.pk, sk: last.sk, gsi2pk: last.gsi2pk, gsi2sk: last.gsi2sk };
      more = found.length > room || page.LastEvaluatedKey !== undefined;
      break;
    }
    startKey = page.LastEvaluatedKey as StartKey | undefined;
    if (!startKey) {
      more = false;
      break;
    }
  }
  return { items, nextCursor: more && startKey ? encodeCursor(startKey) : null, examined };
}
