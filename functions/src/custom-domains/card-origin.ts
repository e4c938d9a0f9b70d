// Which origin a business's new QR codes and card links use (issue 21 §2): its agency's custom domain once that is
// active, the platform's otherwise. Read where a QR code is made (business area, custom-domains area).
import { linksOfBusiness } from '../agency/repository';
import { originOfDomain } from './domain-origin';
import { getCustomDomain, listAgencyDomains } from './repository';

/** The origin of the oldest active custom domain of the agency managing `businessId` (its oldest link), or null. */
export async function customOriginOfBusiness(businessId: string): Promise<string | null> {
  const [link] = await linksOfBusiness(businessId);
  return link ? activeOriginOfAgency(link.agencyId) : null;
}

/** The origin of the agency's oldest active custom domain, or null. */
export async function activeOriginOfAgency(agencyId: string): Promise<string | null> {
  for (const mine of await listAgencyDomains(agencyId)) {
    const domain = await getCustomDomain(mine.domain);
    if (domain?.state === 'active' && domain.agencyId === agencyId) return originOfDomain(domain.domain);
  }
  return null;
}
