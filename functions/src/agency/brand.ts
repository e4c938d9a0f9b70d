// White-label (issue 21 §1): the brand a white-labelled client's people see instead of CardCrew's — the agency's
// name, support contacts and logo — read from an agency or from the copy on a client's business item. Pure, so the
// Lambdas that load no ElectroDB (payments) can use it.
import type { AgencyRecord } from './repository';
import { faviconUrlsOf } from '../../../shared/favicon';
import type { ClientBrandView } from '../../../shared/schemas/me';
import type { BusinessRecord } from '../business/repository';

/** The brand a white-labelled client's people see. */
export interface ClientBrand {
  agencyId: string;
  name: string;
  supportEmail: string;
  supportUrl: string | null;
  logoUrl: string | null;
  /** The favicon's 512 px PNG (its 32 and 180 px renditions beside it, shared/favicon.ts). */
  faviconUrl?: string | null;
  /** The agency's colours for the chrome (top bar, primary buttons); null: CardCrew's defaults. */
  colors?: { primaryColor: string | null; secondaryColor: string | null; accentColor: string | null };
  /** The agency's sending domain once SES has verified it: mails go from no-reply@ it (absent: the platform's address). */
  senderDomain?: string | null;
}

type BusinessBrandFields = 'whiteLabelAgencyId' | 'whiteLabelName' | 'whiteLabelSupportEmail' | 'whiteLabelSupportUrl' | 'whiteLabelLogoUrl' | 'whiteLabelFaviconUrl' | 'whiteLabelPrimaryColor' | 'whiteLabelSecondaryColor' | 'whiteLabelAccentColor' | 'whiteLabelSenderDomain';

/** The agency's brand when white-label is on (a support e-mail is required for it), or null. */
export function brandOfAgency(agency: AgencyRecord): ClientBrand | null {
  if (!agency.whiteLabel || !agency.supportEmail) return null;
  return {
    agencyId: agency.agencyId,
    name: agency.whiteLabelName ?? agency.name,
    supportEmail: agency.supportEmail,
    supportUrl: agency.supportUrl ?? null,
    logoUrl: agency.logoUrl ?? null,
    faviconUrl: agency.faviconUrl ?? agency.logoFaviconUrl ?? null,
    colors: { primaryColor: agency.primaryColor ?? null, secondaryColor: agency.secondaryColor ?? null, accentColor: agency.accentColor ?? null },
    senderDomain: agency.sendingDomainVerified && agency.sendingDomain ? agency.sendingDomain : null,
  };
}

/**
 * The agency's brand for one client, after that client's override on the agency–client link: 'off' never brands it,
 * 'on' brands it even while the agency's switch is off (a support e-mail is still required), absent follows the switch.
 */
export function brandOfAgencyFor(agency: AgencyRecord, override: 'on' | 'off' | undefined): ClientBrand | null {
  if (override === 'off') return null;
  if (override === 'on') return brandOfAgency({ ...agency, whiteLabel: true });
  return brandOfAgency(agency);
}

/** The brand stored on a business, or null for CardCrew's own. */
export function brandOfBusiness(business: Pick<BusinessRecord, BusinessBrandFields>): ClientBrand | null {
  if (!business.whiteLabelAgencyId || !business.whiteLabelName || !business.whiteLabelSupportEmail) return null;
  return {
    agencyId: business.whiteLabelAgencyId,
    name: business.whiteLabelName,
    supportEmail: business.whiteLabelSupportEmail,
    supportUrl: business.whiteLabelSupportUrl ?? null,
    logoUrl: business.whiteLabelLogoUrl ?? null,
    faviconUrl: business.whiteLabelFaviconUrl ?? null,
    colors: { primaryColor: business.whiteLabelPrimaryColor ?? null, secondaryColor: business.whiteLabelSecondaryColor ?? null, accentColor: business.whiteLabelAccentColor ?? null },
    senderDomain: business.whiteLabelSenderDomain ?? null,
  };
}

/** What the browser gets of a brand (no agency id). */
export function brandViewOf(brand: ClientBrand | null): ClientBrandView | null {
  return brand && { name: brand.name, logoUrl: brand.logoUrl, supportEmail: brand.supportEmail, supportUrl: brand.supportUrl, favicon: faviconUrlsOf(brand.faviconUrl), colors: brand.colors ?? null };
}
