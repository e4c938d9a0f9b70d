// Access patterns of custom domains (docs/access-patterns.md "DOMAINS-1…3"): the domain item (keyed by the domain,
// one agency each) with the agency's domain record beside it, and the cards whose QR codes encode a domain.
import type { EntityItem } from 'electrodb';
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import { db, type Db } from '../data/entities';
import { AppError } from '../lib/errors';

export type CustomDomainRecord = EntityItem<Db['customDomain']>;
export type AgencyDomainRecord = EntityItem<Db['agencyDomain']>;

/** The domain item by name (a request's Host, an Add's duplicate check). */
export async function getCustomDomain(domain: string): Promise<CustomDomainRecord | null> {
  const { data } = await db().customDomain.get({ domain }).go({ consistent: true });
  return data;
}

/** The agency's domain records, oldest first. */
export async function listAgencyDomains(agencyId: string): Promise<AgencyDomainRecord[]> {
  const { data } = await db().agencyDomain.query.primary({ agencyId }).go({ pages: 'all', consistent: true });
  return data.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Add: the domain item and the agency's domain record in one transaction, the domain only if nobody has it (409). */
export async function claimDomain(agencyId: string, domain: string, domainId: string): Promise<CustomDomainRecord> {
  const result = await db()
    .service.transaction.write(({ customDomain, agencyDomain }) => [
      customDomain.create({ domain, domainId, agencyId, state: 'pending-dns' }).commit(),
      agencyDomain.create({ agencyId, domain, domainId }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('CONFLICT', customDomainMessages.taken, { domain: customDomainMessages.taken });
  return (await getCustomDomain(domain))!;
}

/** Records the tenant CloudFront created for the domain. */
export async function setDomainTenant(domain: string, tenantId: string): Promise<void> {
  await db().customDomain.patch({ domain }).set({ tenantId }).go();
}

/** Records the state read from CloudFront (and when). */
export async function setDomainState(domain: string, state: CustomDomainRecord['state'], reason: string | null): Promise<CustomDomainRecord> {
  const patch = db().customDomain.patch({ domain }).set({ state, checkedAt: new Date().toISOString() });
  const { data } = await (reason ? patch.set({ reason }) : patch.remove(['reason'])).go({ response: 'all_new' });
  return data as CustomDomainRecord;
}

/** Remove (or an Add CloudFront refused): both items in one transaction. */
export async function releaseDomain(agencyId: string, domain: string): Promise<void> {
  await db()
    .service.transaction.write(({ customDomain, agencyDomain }) => [customDomain.delete({ domain }).commit(), agencyDomain.delete({ agencyId, domain }).commit()])
    .go();
}

type QrCard = { cardId: string; businessId: string; qrCodeUrl?: string; qrSvgUrl?: string };

/** The cards of `businessIds` whose QR codes encode `origin` (gsi1 dashboard collection, filtered). */
export async function cardsWithQrOrigin(businessIds: readonly string[], origin: string): Promise<QrCard[]> {
  const cards = await Promise.all(
    businessIds.map(async (businessId) => {
      const { data } = await db()
        .card.query.dashboard({ businessId })
        .where(({ qrOrigin }, { eq }) => eq(qrOrigin, origin))
        .go({ pages: 'all', attributes: ['cardId', 'businessId', 'qrCodeUrl', 'qrSvgUrl'] });
      return data;
    }),
  );
  return cards.flat();
}

/**
 * The cards of `businessIds` that have a QR code encoding the platform's address: a QR image and no qrOrigin (the
 * platform's cards carry none). A card without a QR code yet gets the agency's domain when one is generated.
 */
export async function cardsWithPlatformQr(businessIds: readonly string[]): Promise<QrCard[]> {
  const cards = await Promise.all(
    businessIds.map(async (businessId) => {
      const { data } = await db()
        .card.query.dashboard({ businessId })
        .where(({ qrOrigin, qrCodeUrl }, { notExists, exists }) => `${notExists(qrOrigin)} AND ${exists(qrCodeUrl)}`)
        .go({ pages: 'all', attributes: ['cardId', 'businessId', 'qrCodeUrl', 'qrSvgUrl'] });
      return data;
    }),
  );
  return cards.flat();
}
