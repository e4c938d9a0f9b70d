// The brand of the site the browser is on (docs/decisions.md "The agency's domain serves its clients' product"): on an
// agency's active custom domain its home page and sign-in page show the agency, never CardCrew, before anyone has
// signed in there. The domain comes from the edge's header, never from the request's Host; 404 on the platform's
// address (and on a domain that is not active), where the pages keep CardCrew's brand.
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import type { SiteBrand } from '../../../shared/schemas/custom-domain';
import { getAgency } from '../agency/repository';
import { siteConfig } from '../config';
import { getCustomDomain } from '../domain-records/repository';
import { notFound } from '../lib/errors';
import { brandOfAgency, brandViewOf } from '../agency/brand';

export async function siteBrandOf(domain: string | null): Promise<SiteBrand> {
  const record = domain ? await getCustomDomain(domain) : null;
  const agency = record?.state === 'active' ? await getAgency(record.agencyId) : null;
  if (!agency) throw notFound(customDomainMessages.domainNotFound);
  // The domain is the agency's own: its brand there whether or not it white-labels its clients, with its contact
  // address when it has set no support address (and none when it has neither).
  const brand = brandOfAgency({ ...agency, whiteLabel: true, supportEmail: agency.supportEmail || agency.email || '-' })!;
  return { brand: brandViewOf({ ...brand, supportEmail: brand.supportEmail === '-' ? '' : brand.supportEmail })!, platformOrigin: new URL(siteConfig().PUBLIC_ORIGIN).origin };
}
