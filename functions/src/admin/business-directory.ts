// The admin businesses tab (spec 2 §2 'Business & Agency Management'; docs/access-patterns.md #32): newest first,
// searched and filtered on the server — the gsi2 `businesses` listing with the search and filters as a FilterExpression
// on lower-cased copies, 25 rows per page and at most 1,000 businesses looked at per page (lib/filtered-listing.ts).
// Each row's managing agency is the business item's own copy of it: a page is the listing plus the plans, nothing per row.
import type { AdminBusinessPage, AdminBusinessQuery, AdminBusinessRow } from '../../../shared/schemas/admin';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { adminMonthlyAmount, type RatePlan } from '../../../shared/pricing';
import type { BusinessRecord } from '../business/repository';
import { db } from '../data/entities';
import { filteredListingPage, type ListingFilter } from '../lib/filtered-listing';
import { orNull } from '../lib/values';
import { listActivePlans } from '../plans/repository';

export const DIRECTORY_PAGE_ROWS = 25;
export const MAX_EXAMINED_PER_PAGE = 1_000;

function listingKey(): string {
  return db().business.query.all({ listing: 'businesses' }).params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk']!;
}

function filterOf(query: AdminBusinessQuery): ListingFilter {
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

/** The agency managing the business and who pays for it (issue 20 §1), as the business item keeps it; null for none. */
function managingAgencyOf(b: BusinessRecord): AdminBusinessRow['agency'] {
  if (!b.managingAgencyId) return null;
  return { id: b.managingAgencyId, name: b.managingAgencyName ?? 'Agency', billedTo: b.managingAgencyBilledTo ?? 'agency' };
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
    agency: managingAgencyOf(b),
  };
}

export async function listBusinesses(query: AdminBusinessQuery): Promise<AdminBusinessPage> {
  const [page, plans] = await Promise.all([
    filteredListingPage<BusinessRecord>({ listingKey: listingKey(), filter: filterOf(query), cursor: query.cursor, rows: DIRECTORY_PAGE_ROWS, maxExamined: MAX_EXAMINED_PER_PAGE }),
    listActivePlans(),
  ]);
  return { businesses: page.items.map((b) => toDirectoryRow(b, plans)), nextCursor: page.nextCursor, examined: page.examined };
}
