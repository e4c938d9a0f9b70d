// The admin businesses tab (spec 2 §2 'Business & Agency Management'; docs/access-patterns.md #32): newest first,
// searched and filtered on the server. One Query of the gsi2 `businesses` listing per step of 250, with the search and
// filters as a FilterExpression on lower-cased copies; a page stops at 25 rows or after looking at 1,000 businesses,
// so a request costs at most four Query calls however many businesses there are, and "Load more" goes on from there.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { AdminBusinessPage, AdminBusinessQuery, AdminBusinessRow } from '../../../shared/schemas/admin';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { adminMonthlyAmount, type RatePlan } from '../../../shared/pricing';
import type { BusinessRecord } from '../business/repository';
import { dynamo, tableName } from '../data/client';
import { db } from '../data/entities';
import { AppError } from '../lib/errors';
import { orNull } from '../lib/values';
import { listActivePlans } from '../plans/repository';

export const DIRECTORY_PAGE_ROWS = 25;
const STEP = 250;
export const MAX_EXAMINED_PER_PAGE = 1_000;

const keySchema = z.object({ pk: z.string().max(300), sk: z.string().max(300), gsi2pk: z.string().max(300), gsi2sk: z.string().max(300) }).strict();
type StartKey = z.infer<typeof keySchema>;

function listingKey(): string {
  return db().business.query.all({ listing: 'businesses' }).params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk']!;
}

function encodeCursor(key: StartKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor this API did not hand out is a validation error (400), never a key of something else. */
function decodeCursor(cursor: string): StartKey {
  try {
    const key = keySchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.success && key.data.gsi2pk === listingKey() && encodeCursor(key.data) === cursor) return key.data;
  } catch {
    // falls through to the validation error
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor.', { cursor: 'Invalid cursor.' });
}

function filterOf(query: AdminBusinessQuery): { expression?: string; values: Record<string, unknown> } {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  const q = query.q?.trim().toLowerCase();
  if (q) {
    parts.push('contains(searchText, :q)');
    values[':q'] = q;
  }
  if (query.status !== 'all') {
    parts.push('isActive = :active');
    values[':active'] = query.status === 'active';
  }
  if (query.country?.trim()) {
    parts.push('billingCountry = :country');
    values[':country'] = query.country.trim();
  }
  if (query.industry?.trim()) {
    parts.push('industryKey = :industry');
    values[':industry'] = query.industry.trim().toLowerCase();
  }
  return { expression: parts.length ? parts.join(' AND ') : undefined, values };
}

export function toDirectoryRow(b: BusinessRecord, plans: readonly RatePlan[]): AdminBusinessRow {
  const billable = b.billableEmployeeCount ?? 0;
  return {
    id: b.businessId,
    name: b.name,
    industry: orNull(b.industry),
    ownerEmail: orNull(b.ownerEmail),
    billingEmail: orNull(b.billingEmail),
    billingCity: orNull(b.billingCity),
    billingCountry: orNull(b.billingCountry),
    isActive: b.isActive ?? true,
    subscriptionStatus: b.subscriptionStatus ?? 'active',
    billableEmployees: billable,
    monthlyAmountCents: adminMonthlyAmount(plans, billable),
    currency: DEFAULT_CURRENCY,
    createdAt: b.createdAt,
  };
}

export async function listBusinesses(query: AdminBusinessQuery): Promise<AdminBusinessPage> {
  const filter = filterOf(query);
  const plansRead = listActivePlans();
  const rows: BusinessRecord[] = [];
  let startKey: StartKey | undefined = query.cursor ? decodeCursor(query.cursor) : undefined;
  let examined = 0;
  let more = true;
  while (rows.length < DIRECTORY_PAGE_ROWS && examined < MAX_EXAMINED_PER_PAGE) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: filter.expression,
        ExpressionAttributeValues: { ':pk': listingKey(), ...filter.values },
        ScanIndexForward: false,
        Limit: Math.min(STEP, MAX_EXAMINED_PER_PAGE - examined),
        ExclusiveStartKey: startKey,
      }),
    );
    examined += page.ScannedCount ?? 0;
    let cutShort = false;
    for (const item of page.Items ?? []) {
      rows.push(item as BusinessRecord);
      if (rows.length === DIRECTORY_PAGE_ROWS) {
        // The page is full inside this step: the next page starts after this row.
        startKey = { pk: item.pk, sk: item.sk, gsi2pk: item.gsi2pk, gsi2sk: item.gsi2sk };
        cutShort = item !== page.Items!.at(-1) || page.LastEvaluatedKey !== undefined;
        break;
      }
    }
    if (rows.length === DIRECTORY_PAGE_ROWS) {
      more = cutShort;
      break;
    }
    startKey = page.LastEvaluatedKey as StartKey | undefined;
    if (!startKey) {
      more = false;
      break;
    }
  }
  const plans = await plansRead;
  return { businesses: rows.map((b) => toDirectoryRow(b, plans)), nextCursor: more && startKey ? encodeCursor(startKey) : null, examined };
}
