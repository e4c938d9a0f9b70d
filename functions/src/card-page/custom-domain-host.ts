// Card traffic on an agency's custom domain (issue 21 §2). The edge (the tenant distribution's CloudFront Function in
// AWS, the local server locally) names the domain a request came in on in CUSTOM_DOMAIN_HEADER, and strips that header
// from every other request, so a viewer cannot claim one. A card is served there only while the domain is active and
// its business is a client of the domain's agency. Plain document client (two GetItems): the card page Lambda loads
// no ElectroDB; the keys are ElectroDB's (custom-domain-host.test.ts).
import { keyPart } from '../data/key-format';
import { getItemOf } from '../data/plain-item';
import { siteConfig } from '../config';
import { faviconUrlsOf } from '../../../shared/favicon';
import type { DomainAgencyMark } from './card-page';

export const CUSTOM_DOMAIN_HEADER = 'x-cardcrew-custom-domain';

export const customDomainKeys = {
  customDomain: (domain: string) => ({ pk: keyPart('domain', domain), sk: '$customdomain_1' }),
  agencyClient: (agencyId: string, businessId: string) => ({ pk: keyPart('agencyid', agencyId), sk: `$agencyclient_1#businessid_${businessId.toLowerCase()}` }),
  agency: (agencyId: string) => ({ pk: keyPart('agencyid', agencyId), sk: '$agency_1' }),
};

/** The custom domain the edge says the request came in on, or null on the platform's. */
export function customDomainOf(headers: Record<string, string | undefined> | undefined): string | null {
  const value = headers?.[CUSTOM_DOMAIN_HEADER];
  return value ? value.toLowerCase() : null;
}

/** Whether a card of `businessId` may be served on `domain`: the domain is active and its agency manages the business. */
export async function servesOnDomain(domain: string, businessId: string): Promise<boolean> {
  const item = await getItemOf<{ agencyId: string; state: string }>(customDomainKeys.customDomain(domain), 'customDomain', false);
  if (!item || item.state !== 'active') return false;
  const link = await getItemOf<{ agencyId: string }>(customDomainKeys.agencyClient(item.agencyId, businessId), 'agencyClient', false);
  return link !== null;
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
  const item = await getItemOf<{ agencyId: string; state: string }>(customDomainKeys.customDomain(domain), 'customDomain', false);
  if (!item || item.state !== 'active') return null;
  const agency = await getItemOf<{ name: string; whiteLabelName?: string; logoUrl?: string; faviconUrl?: string; logoFaviconUrl?: string }>(customDomainKeys.agency(item.agencyId), 'agency', false);
  if (!agency) return null;
  return { name: agency.whiteLabelName ?? agency.name, logoUrl: agency.logoUrl, favicon32: faviconUrlsOf(agency.faviconUrl ?? agency.logoFaviconUrl)?.icon32 };
}
