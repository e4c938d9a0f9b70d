// Access patterns of agencies (docs/access-patterns.md): the agency item, its owner guard and owner membership, its
// client links, and the client businesses read by batch.
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import type { AgencySettings } from '../../../shared/schemas/agency';
import type { BusinessRecord } from '../business/repository';
import { AppError } from '../lib/errors';
import { isConditionalFailure } from '../data/conditional';
import { compact, setAndRemove } from '../lib/values';
import { messages } from '../../../shared/messages';

export type AgencyRecord = EntityItem<Db['agency']>;

export async function getAgency(agencyId: string): Promise<AgencyRecord | null> {
  const { data } = await db().agency.get({ agencyId }).go({ consistent: true });
  return data;
}

/**
 * The first save of Agency Settings (spec 2 §7 "insert or update agencies"): the agency, its owner guard (one agency
 * per owner, so two first saves at once make one agency) and the owner membership, in one transaction.
 */
export async function createAgency(agency: { agencyId: string; ownerId: string } & AgencySettings): Promise<void> {
  const fields = compact(agency);
  const result = await db()
    .service.transaction.write(({ agency: a, agencyOwnerGuard, membership }) => [
      a.create(fields).commit(),
      agencyOwnerGuard.create({ ownerId: agency.ownerId, agencyId: agency.agencyId }).commit(),
      membership.create({ userId: agency.ownerId, scopeType: 'agency', scopeId: agency.agencyId, role: 'owner' }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('CONFLICT', messages.settings.changedMeanwhile);
}

/** A later save: every field of the form; an emptied optional field is removed (stored absent, shown as null). */
export async function updateAgency(agencyId: string, settings: AgencySettings): Promise<void> {
  const { set, remove } = setAndRemove(settings);
  await db()
    .agency.patch({ agencyId })
    .set(set)
    .remove(remove as never)
    .go();
}

/** Points the agency's logo at a new upload's renditions. */
export async function setAgencyLogo(agencyId: string, logoUrl: string): Promise<void> {
  await db().agency.patch({ agencyId }).set({ logoUrl }).go();
}

/** Points the agency's own favicon, or the one derived from its logo, at new renditions (undefined leaves it). */
export async function setAgencyFavicon(agencyId: string, favicon: { faviconUrl?: string; logoFaviconUrl?: string }): Promise<void> {
  await db().agency.patch({ agencyId }).set(compact(favicon)).go();
}

/** The logo was replaced or removed by a save: its derived favicon went with it. */
export async function clearLogoFavicon(agencyId: string): Promise<void> {
  await db().agency.patch({ agencyId }).remove(['logoFaviconUrl']).go();
}

export interface ClientLink {
  agencyId: string;
  businessId: string;
  billedTo: 'agency' | 'direct';
  /** The client's white-label override; absent: the agency's switch (issue 21 §1). */
  whiteLabel?: 'on' | 'off';
  createdAt: string;
}

/** A link stored before the choice existed is billed to the agency (the default of Add Client). */
const toClientLink = (link: Omit<ClientLink, 'billedTo'> & { billedTo?: ClientLink['billedTo'] }): ClientLink => ({ ...link, billedTo: link.billedTo ?? 'agency' });

/** Every client link of an agency with who pays for the client: one Query (a page holds thousands of links). */
export async function listClientLinks(agencyId: string): Promise<ClientLink[]> {
  const { data } = await db().agencyClient.query.primary({ agencyId }).go({ pages: 'all', attributes: ['agencyId', 'businessId', 'billedTo', 'whiteLabel', 'createdAt'] });
  return data.map(toClientLink);
}

/**
 * The agencies that manage a business, oldest link first (gsi2 byBusiness). The oldest is the one that bills it: the
 * monthly run, the admin's choice of who pays and the admin businesses tab all read it so.
 */
export async function linksOfBusiness(businessId: string): Promise<ClientLink[]> {
  const { data } = await db().agencyClient.query.byBusiness({ businessId }).go({ pages: 'all', attributes: ['agencyId', 'businessId', 'billedTo', 'whiteLabel', 'createdAt'] });
  return data.map(toClientLink).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The client businesses by id: BatchGetItem, 100 keys per request, five in flight (ElectroDB splits and retries unprocessed keys). */
export async function getBusinesses(businessIds: string[]): Promise<BusinessRecord[]> {
  if (businessIds.length === 0) return [];
  const { data, unprocessed } = await db()
    .business.get(businessIds.map((businessId) => ({ businessId })))
    .go({ attributes: ['businessId', 'name', 'industry', 'logoUrl', 'isActive', 'subscriptionStatus', 'employeeCount', 'billableEmployeeCount', 'whiteLabelAgencyId', 'createdAt'], concurrency: 5 });
  if (unprocessed.length > 0) throw new AppError('INTERNAL', 'Some client businesses could not be read. Please try again.');
  return data as BusinessRecord[];
}

/**
 * A client's white-label override on its link ('agency' removes it: the agency's switch again). Null when the link is
 * gone meanwhile.
 */
export async function setClientWhiteLabel(link: { agencyId: string; businessId: string }, whiteLabel: 'agency' | 'on' | 'off'): Promise<ClientLink | null> {
  try {
    const patch = db().agencyClient.patch(link);
    const { data } = await (whiteLabel === 'agency' ? patch.remove(['whiteLabel']) : patch.set({ whiteLabel })).go({ response: 'all_new' });
    return toClientLink(data as ClientLink);
  } catch (error) {
    if (isConditionalFailure(error)) return null;
    throw error;
  }
}

/**
 * Add Client (spec 2 §7 create_agency_client_business): the business, its scan total and the agency–client link in
 * one transaction. The client has no owner membership: the agency manages it through the link (docs/decisions.md).
 */
export async function createClientBusiness(
  agencyId: string,
  business: { businessId: string; ownerId: string; ownerEmail?: string; name: string; industry?: string; website?: string; description?: string; searchText?: string; industryKey?: string },
): Promise<void> {
  const result = await db()
    .service.transaction.write(({ business: b, businessScanTotal, agencyClient }) => [
      b.create(business).commit(),
      businessScanTotal.create({ businessId: business.businessId, scanCount: 0 }).commit(),
      agencyClient.create({ agencyId, businessId: business.businessId }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('CONFLICT', messages.agency.addClientFailed);
}
