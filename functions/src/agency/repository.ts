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
  /** The agency's price for the client per user per month, in cents; absent: the list price. */
  pricePerUserCents?: number;
  createdAt: string;
}

const CLIENT_LINK_ATTRIBUTES = ['agencyId', 'businessId', 'billedTo', 'whiteLabel', 'pricePerUserCents', 'createdAt'] as const;

/** A link stored before the choice existed is billed to the agency (the default of Add Client). */
const toClientLink = (link: Omit<ClientLink, 'billedTo'> & { billedTo?: ClientLink['billedTo'] }): ClientLink => ({ ...link, billedTo: link.billedTo ?? 'agency' });

/** Every client link of an agency with who pays for the client: one Query (a page holds thousands of links). */
export async function listClientLinks(agencyId: string): Promise<ClientLink[]> {
  const { data } = await db().agencyClient.query.primary({ agencyId }).go({ pages: 'all', attributes: [...CLIENT_LINK_ATTRIBUTES] });
  return data.map(toClientLink);
}

/** The agency's prices for these clients (a client without one is absent): BatchGetItem of the links, 100 keys per request. */
export async function clientPricesOf(agencyId: string, businessIds: readonly string[]): Promise<Map<string, number>> {
  if (businessIds.length === 0) return new Map();
  const { data, unprocessed } = await db()
    .agencyClient.get(businessIds.map((businessId) => ({ agencyId, businessId })))
    .go({ attributes: ['businessId', 'pricePerUserCents'], concurrency: 5 });
  if (unprocessed.length > 0) throw new AppError('INTERNAL', "Some of the agency's clients could not be read. Please try again.");
  return new Map(data.flatMap((link) => (link.pricePerUserCents === undefined ? [] : [[link.businessId, link.pricePerUserCents] as const])));
}

/**
 * The agencies that manage a business, oldest link first (gsi2 byBusiness). The oldest is the one that bills it: the
 * monthly run, the admin's choice of who pays and the admin businesses tab all read it so.
 */
export async function linksOfBusiness(businessId: string): Promise<ClientLink[]> {
  const { data } = await db().agencyClient.query.byBusiness({ businessId }).go({ pages: 'all', attributes: [...CLIENT_LINK_ATTRIBUTES] });
  return data.map(toClientLink).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The client businesses by id: BatchGetItem, 100 keys per request, five in flight (ElectroDB splits and retries unprocessed keys). */
export async function getBusinesses(businessIds: string[]): Promise<BusinessRecord[]> {
  if (businessIds.length === 0) return [];
  const { data, unprocessed } = await db()
    .business.get(businessIds.map((businessId) => ({ businessId })))
    .go({ attributes: ['businessId', 'name', 'industry', 'logoUrl', 'isActive', 'subscriptionStatus', 'employeeCount', 'billableEmployeeCount', 'whiteLabelAgencyId', 'billingEmail', 'createdAt'], concurrency: 5 });
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

/** The managing agency as the business item keeps a copy of it (docs/access-patterns.md, the admin businesses tab). */
export interface ManagingAgency {
  agencyId: string;
  name: string;
  billedTo: ClientLink['billedTo'];
}

/** The business item's copy of its managing agency, as an ElectroDB set (absent fields: no agency). */
export const managingAgencyFields = (managing: ManagingAgency) => ({ managingAgencyId: managing.agencyId, managingAgencyName: managing.name, managingAgencyBilledTo: managing.billedTo });
export const MANAGING_AGENCY_ATTRIBUTES = ['managingAgencyId', 'managingAgencyName', 'managingAgencyBilledTo'] as const;

/**
 * Add Client (spec 2 §7 create_agency_client_business): the business (with its copy of the managing agency), its scan
 * total and the agency–client link in one transaction. The client has no owner membership: the agency manages it
 * through the link (docs/decisions.md). The copied name is checked against the agency item in the same transaction, so
 * a rename that commits first cannot leave the client with the old name (the rename's fan-out sees this link after).
 * Without `agencyName` (seeding scripts) the agency is read first.
 */
export async function createClientBusiness(
  agencyId: string,
  business: { businessId: string; ownerId: string; ownerEmail?: string; name: string; industry?: string; website?: string; description?: string; searchText?: string; industryKey?: string },
  agencyName?: string,
): Promise<void> {
  const name = agencyName ?? (await getAgency(agencyId))?.name;
  if (name === undefined) throw new AppError('CONFLICT', messages.agency.setUpFirst);
  const result = await db()
    .service.transaction.write(({ business: b, businessScanTotal, agencyClient, agency }) => [
      b.create({ ...business, ...managingAgencyFields({ agencyId, name, billedTo: 'agency' }) }).commit(),
      businessScanTotal.create({ businessId: business.businessId, scanCount: 0 }).commit(),
      agencyClient.create({ agencyId, businessId: business.businessId, billedTo: 'agency' }).commit(),
      agency
        .check({ agencyId })
        .where((a, { eq }) => eq(a.name, name))
        .commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('CONFLICT', messages.agency.addClientFailed);
}

/**
 * Removes an agency–client link and, when it was the managing one (the oldest), in the same transaction moves the
 * business's copy to the next oldest link (checked unchanged, its agency's name checked current) or takes it off.
 * False when the link is not there.
 */
export async function unlinkClient(link: { agencyId: string; businessId: string }): Promise<boolean> {
  const links = await linksOfBusiness(link.businessId);
  const index = links.findIndex((l) => l.agencyId === link.agencyId);
  if (index < 0) return false;
  const next = index === 0 ? links[1] : undefined;
  const heir = next ? await getAgency(next.agencyId) : null;
  const result = await db()
    .service.transaction.write(({ agencyClient, business, agency }) => {
      const copy = business.patch({ businessId: link.businessId });
      return [
        agencyClient
          .delete(link)
          .where(({ agencyId }, { exists }) => exists(agencyId))
          .commit(),
        // The copy moves only if it names the removed link's agency (or is missing: an item not backfilled yet).
        ...(index !== 0
          ? []
          : [
              (next && heir ? copy.set(managingAgencyFields({ agencyId: next.agencyId, name: heir.name, billedTo: next.billedTo })) : copy.remove([...MANAGING_AGENCY_ATTRIBUTES]))
                .where(({ managingAgencyId }, { notExists, eq }) => `${notExists(managingAgencyId)} OR ${eq(managingAgencyId, link.agencyId)}`)
                .commit(),
            ]),
        ...(next && heir
          ? [
              // A link stored before the choice existed has no billedTo: billed to the agency.
              agencyClient
                .check({ agencyId: next.agencyId, businessId: next.businessId })
                .where(({ billedTo }, { eq, notExists }) => (next.billedTo === 'agency' ? `${notExists(billedTo)} OR ${eq(billedTo, 'agency')}` : eq(billedTo, 'direct')))
                .commit(),
              agency
                .check({ agencyId: next.agencyId })
                .where((a, { eq }) => eq(a.name, heir.name))
                .commit(),
            ]
          : []),
      ];
    })
    .go();
  if (result.canceled) throw new AppError('CONFLICT', 'The client changed meanwhile. Please try again.');
  return true;
}

/** Clients updated at once while a rename fans out (as the white-label brand's fan-out). */
const RENAME_CONCURRENCY = 25;

/**
 * An agency renamed itself: each client it manages gets the new name on its copy, 25 conditional patches at a time (one
 * write per client; a client managed by another agency, or gone meanwhile, is skipped). The links are read after the
 * agency was saved, so a client added meanwhile either copied the new name or is among them.
 */
export async function renameAgencyOnClients(agencyId: string, name: string): Promise<void> {
  const links = await listClientLinks(agencyId);
  for (let i = 0; i < links.length; i += RENAME_CONCURRENCY) {
    await Promise.all(
      links.slice(i, i + RENAME_CONCURRENCY).map(async ({ businessId }) => {
        try {
          await db()
            .business.patch({ businessId })
            .set({ managingAgencyName: name })
            .where(({ managingAgencyId }, { eq }) => eq(managingAgencyId, agencyId))
            .go();
        } catch (error) {
          if (!isConditionalFailure(error)) throw error;
        }
      }),
    );
  }
}

export type AgencyMonthRecord = EntityItem<Db['agencyMonth']>;

/** The agency's stored figures for a month ('YYYY-MM'), or null when none were recorded that month. */
export async function getAgencyMonth(agencyId: string, month: string): Promise<AgencyMonthRecord | null> {
  const { data } = await db().agencyMonth.get({ agencyId, month }).go();
  return data;
}

/** Records the agency's figures for a month, replacing what was recorded earlier that month. */
export async function putAgencyMonth(figures: Omit<AgencyMonthRecord, 'recordedAt'>): Promise<void> {
  await db()
    .agencyMonth.put({ ...figures, recordedAt: new Date().toISOString() })
    .go();
}

/** Assigns an agency plan to the agency (null: back to the first active agency plan). False when the agency is gone. */
export async function setAgencyPlan(agencyId: string, planId: string | null): Promise<boolean> {
  try {
    const patch = db().agency.patch({ agencyId });
    await (planId === null ? patch.remove(['planId']) : patch.set({ planId })).go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
