// Copying each managed business's agency onto its business item (the admin businesses tab reads it there; docs/decisions.md
// 'Admin Businesses at scale'): businesses linked before the copy existed, or whose agency's rename did not reach them.
// An operator's one-off over a Scan of the links, never on a request path; idempotent (a current copy is not written).
import type { BusinessRecord } from '../business/repository';
import { db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';
import { getAgency, linksOfBusiness, MANAGING_AGENCY_ATTRIBUTES, managingAgencyFields, type ManagingAgency } from './repository';

export interface ManagingAgencyBackfill {
  /** Agency–client links looked at. */
  links: number;
  /** Distinct businesses they link. */
  businesses: number;
  /** Businesses whose copy was written (added, corrected or taken off). */
  updated: number;
}

type Copy = Pick<BusinessRecord, 'managingAgencyId' | 'managingAgencyName' | 'managingAgencyBilledTo'>;

const sameCopy = (have: Copy, want: ManagingAgency | null) =>
  want ? have.managingAgencyId === want.agencyId && have.managingAgencyName === want.name && have.managingAgencyBilledTo === want.billedTo : have.managingAgencyId === undefined;

/**
 * Makes one business's copy of its managing agency what its links say (the oldest link, its agency's current name, who
 * pays). Returns whether it wrote. The write is conditional on the copy it read: a link write that lands meanwhile
 * writes the copy itself, and wins. `agencyNames` caches names across a run.
 */
export async function syncManagingAgency(businessId: string, agencyNames = new Map<string, string | undefined>()): Promise<boolean> {
  const [links, { data: business }] = await Promise.all([
    linksOfBusiness(businessId),
    db().business.get({ businessId }).go({ consistent: true, attributes: ['businessId', ...MANAGING_AGENCY_ATTRIBUTES] }),
  ]);
  if (!business) return false;
  const oldest = links[0];
  if (oldest && !agencyNames.has(oldest.agencyId)) agencyNames.set(oldest.agencyId, (await getAgency(oldest.agencyId))?.name);
  const name = oldest && agencyNames.get(oldest.agencyId);
  const want: ManagingAgency | null = oldest && name !== undefined ? { agencyId: oldest.agencyId, name, billedTo: oldest.billedTo } : null;
  if (sameCopy(business, want)) return false;
  const patch = db().business.patch({ businessId });
  try {
    await (want ? patch.set(managingAgencyFields(want)) : patch.remove([...MANAGING_AGENCY_ATTRIBUTES]))
      .where(({ managingAgencyId, managingAgencyName, managingAgencyBilledTo }, { eq, notExists }) =>
        business.managingAgencyId === undefined
          ? notExists(managingAgencyId)
          : [
              eq(managingAgencyId, business.managingAgencyId),
              business.managingAgencyName === undefined ? notExists(managingAgencyName) : eq(managingAgencyName, business.managingAgencyName),
              business.managingAgencyBilledTo === undefined ? notExists(managingAgencyBilledTo) : eq(managingAgencyBilledTo, business.managingAgencyBilledTo),
            ].join(' AND '),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Every business with an agency–client link (one business when `businessId` is given) gets the copy of its managing
 * agency; running it again writes nothing.
 */
export async function backfillManagingAgencies(options: { businessId?: string; onProgress?: (result: ManagingAgencyBackfill) => void } = {}): Promise<ManagingAgencyBackfill> {
  const result: ManagingAgencyBackfill = { links: 0, businesses: 0, updated: 0 };
  const seen = new Set<string>();
  const agencyNames = new Map<string, string | undefined>();
  let cursor: string | null = null;
  do {
    const page: { data: { businessId: string }[]; cursor: string | null } = await db().agencyClient.scan.go({ cursor, limit: 100, attributes: ['agencyId', 'businessId'] });
    for (const { businessId } of page.data) {
      if (options.businessId && businessId !== options.businessId) continue;
      result.links += 1;
      if (seen.has(businessId)) continue;
      seen.add(businessId);
      result.businesses += 1;
      if (await syncManagingAgency(businessId, agencyNames)) result.updated += 1;
    }
    options.onProgress?.(result);
    cursor = page.cursor;
  } while (cursor);
  return result;
}
