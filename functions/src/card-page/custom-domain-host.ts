// Card traffic on an agency's custom domain (issue 21 §2). The edge (the tenant distribution's CloudFront Function in
// AWS, the local server locally) names the domain a request came in on in CUSTOM_DOMAIN_HEADER, and strips that header
// from every other request, so a viewer cannot claim one. A card is served there only while the domain is active and
// its business is a client of the domain's agency. Plain document client (two GetItems): the card page Lambda loads
// no ElectroDB; the keys are ElectroDB's (custom-domain-host.test.ts).
import { cardKeys } from '../data/card-keys';
import { keyPart } from '../data/key-format';
import { getItemOf } from '../data/plain-item';
import { siteConfig } from '../config';
import { faviconUrlsOf } from '../../../shared/favicon';
import type { DomainAgencyMark } from './card-page';

export { CUSTOM_DOMAIN_HEADER, customDomainOf } from '../lib/custom-domain-header';

export const customDomainKeys = {
  customDomain: (domain: string) => ({ pk: keyPart('domain', domain), sk: '$customdomain_1' }),
  agencyClient: (agencyId: string, businessId: string) => ({ pk: keyPart('agencyid', agencyId), sk: `$agencyclient_1#businessid_${businessId.toLowerCase()}` }),
  agency: (agencyId: string) => ({ pk: keyPart('agencyid', agencyId), sk: '$agency_1' }),
};

/** The agency whose active domain this is, or null (unknown, or not active yet). */
export async function agencyOfActiveDomain(domain: string): Promise<string | null> {
  const item = await getItemOf<{ agencyId: string; state: string }>(customDomainKeys.customDomain(domain), 'customDomain', false);
  return item?.state === 'active' ? item.agencyId : null;
}

async function isClientOf(agencyId: string, businessId: string): Promise<boolean> {
  return (await getItemOf<{ agencyId: string }>(customDomainKeys.agencyClient(agencyId, businessId), 'agencyClient', false)) !== null;
}

/** Whether a card of `businessId` may be served on `domain`: the domain is active and its agency manages the business. */
export async function servesOnDomain(domain: string, businessId: string): Promise<boolean> {
  const agencyId = await agencyOfActiveDomain(domain);
  return agencyId !== null && (await isClientOf(agencyId, businessId));
}

/** Media folders named after their owner, a business or an agency (functions/src/uploads/media-keys.ts, QR and signature writers). */
const OWNED_MEDIA_FOLDERS = new Set(['qr', 'logos', 'photos', 'covers', 'signature-qr', 'favicons']);

/**
 * Whose object a media key is: the business or agency its folder is named after, or the card of a link preview
 * (`previews/{cardId}/…`). Null for whatever no page on a domain shows (browser uploads, unknown folders).
 */
export function mediaOwnerOf(key: string): { scopeId: string } | { cardId: string } | null {
  const [folder, id, rest] = key.split('/', 3);
  if (!folder || !id || !rest) return null;
  if (folder === 'previews') return { cardId: id };
  return OWNED_MEDIA_FOLDERS.has(folder) ? { scopeId: id } : null;
}

/**
 * Whether a media object may be served on `domain` (issue 40): only the agency's own (logo, favicon) and its clients'
 * (QR codes, logos, photos, signature QR codes, link previews); another business's file is unknown there.
 */
export async function mediaServesOnDomain(domain: string, key: string): Promise<boolean> {
  const owner = mediaOwnerOf(key);
  const agencyId = owner ? await agencyOfActiveDomain(domain) : null;
  if (!owner || !agencyId) return false;
  const scopeId = 'scopeId' in owner ? owner.scopeId : (await getItemOf<{ businessId: string }>(cardKeys.card(owner.cardId), 'card', false))?.businessId;
  if (!scopeId) return false;
  return scopeId === agencyId || (await isClientOf(agencyId, scopeId));
}

/** The origin of the card's URL on the request's domain: the stored domain with the platform's scheme and port. */
export function originOn(domain: string | null): string {
  const platform = new URL(siteConfig().PUBLIC_ORIGIN);
  return domain ? `${platform.protocol}//${domain}${platform.port ? `:${platform.port}` : ''}` : platform.origin;
}


/**
 * The mark of the agency whose domain this is (issue 40): a page there that belongs to no business (an unknown card)
 * shows the agency's icon, not the platform's. Null when the domain is not an active one.
 */
export async function agencyMarkOnDomain(domain: string): Promise<DomainAgencyMark | null> {
  const agencyId = await agencyOfActiveDomain(domain);
  if (!agencyId) return null;
  const agency = await getItemOf<{ name: string; whiteLabelName?: string; logoUrl?: string; faviconUrl?: string; logoFaviconUrl?: string }>(customDomainKeys.agency(agencyId), 'agency', false);
  if (!agency) return null;
  return { name: agency.whiteLabelName ?? agency.name, logoUrl: agency.logoUrl, favicon32: faviconUrlsOf(agency.faviconUrl ?? agency.logoFaviconUrl)?.icon32 };
}
