// The admin businesses tab (spec 2 §2 'Business & Agency Management'; docs/access-patterns.md #32): newest first,
// searched and filtered on the server — the gsi2 `businesses` listing with the search and filters as a FilterExpression
// on lower-cased copies, 25 rows per page and at most 1,000 businesses looked at per page (data/filtered-listing.ts).
import type { AdminBusinessPage, AdminBusinessQuery, AdminBusinessRow } from '../../../shared/schemas/admin';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { adminMonthlyAmount, type RatePlan } from '../../../shared/pricing';
import { linksOfBusiness } from '../agency/repository';
import type { BusinessRecord } from '../business/repository';
import { db } from '../data/entities';
import { filteredListingPage, type ListingFilter } from '../data/filtered-listing';
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

export function toDirectoryRow(b: BusinessRecord, plans: readonly RatePlan[], agency: AdminBusinessRow['agency'] = null): AdminBusinessRow {
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
    agency,
  };
}

/**
 * The agency managing each business and who pays for it (issue 20 §1): per business one Query of its links
 * (linksOfBusiness; a page has 25 rows), the oldest as the run reads it, then the agencies' names in one BatchGetItem.
 */
export async function agenciesOf(businessIds: string[]): Promise<Map<string, NonNullable<AdminBusinessRow['agency']>>> {
  const found = (await Promise.all(businessIds.map(async (businessId) => (await linksOfBusiness(businessId))[0]))).filter((link) => link !== undefined);
  if (found.length === 0) return new Map();
  const agencyIds = [...new Set(found.map((link) => link.agencyId))];
  const { data: agencies } = await db().agency.get(agencyIds.map((agencyId) => ({ agencyId }))).go({ attributes: ['agencyId', 'name'] });
  const names = new Map(agencies.map((agency) => [agency.agencyId, agency.name]));
  return new Map(found.map((link) => [link.businessId, { id: link.agencyId, name: names.get(link.agencyId) ?? 'Agency', billedTo: link.billedTo }]));
}

export async function listBusinesses(query: AdminBusinessQuery): Promise<AdminBusinessPage> {
  const [page, plans] = await Promise.all([
    filteredListingPage<BusinessRecord>({ listingKey: listingKey(), filter: filterOf(query), cursor: query.cursor, rows: DIRECTORY_PAGE_ROWS, maxExamined: MAX_EXAMINED_PER_PAGE }),
    listActivePlans(),
  ]);
  const agencies = await agenciesOf(page.items.map((b) => b.businessId));
  return { businesses: page.items.map((b) => toDirectoryRow(b, plans, agencies.get(b.businessId) ?? null)), nextCursor: page.nextCursor, examined: page.examined };
}
