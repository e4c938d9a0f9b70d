// Agency DTOs built from table records: explicit fields only, never internal keys.
import type { Agency, AgencyClientSummary } from '../../../shared/schemas/agency';
import { agencyClientRevenue, agencyRatePerUser } from '../../../shared/pricing';
import type { BusinessRecord } from '../business/repository';
import { orNull } from '../lib/values';
import type { AgencyRecord } from './repository';

export function toAgencyDto(a: AgencyRecord): Agency {
  return {
    id: a.agencyId,
    ownerId: a.ownerId,
    name: a.name,
    industry: orNull(a.industry),
    description: orNull(a.description),
    website: orNull(a.website),
    logoUrl: orNull(a.logoUrl),
    phoneNumber: orNull(a.phoneNumber),
    email: orNull(a.email),
    billingAddress: orNull(a.billingAddress),
    billingCity: orNull(a.billingCity),
    billingCountry: orNull(a.billingCountry),
    billingPostalCode: orNull(a.billingPostalCode),
    primaryColor: orNull(a.primaryColor),
    secondaryColor: orNull(a.secondaryColor),
    accentColor: orNull(a.accentColor),
    whiteLabel: a.whiteLabel ?? false,
    whiteLabelName: orNull(a.whiteLabelName),
    supportEmail: orNull(a.supportEmail),
    supportUrl: orNull(a.supportUrl),
    faviconUrl: a.faviconUrl ?? a.logoFaviconUrl ?? null,
    faviconUploaded: Boolean(a.faviconUrl),
  };
}

/**
 * A client on the dashboard. Its revenue counts what its monthly invoice counts, the billable (non-draft) employees
 * on the business item's counter, at the agency's price for it (the list price while it set none), so the agency's
 * figure and the bill agree (issue 27 §4); a client billed directly pays the platform itself, so it earns the agency
 * nothing (issue 40).
 */
export function toClientSummary(
  b: Pick<BusinessRecord, 'businessId' | 'name' | 'industry' | 'logoUrl' | 'isActive' | 'employeeCount' | 'billableEmployeeCount' | 'whiteLabelAgencyId' | 'billingEmail'>,
  link: { agencyId: string; billedTo?: 'agency' | 'direct'; whiteLabel?: 'on' | 'off'; pricePerUserCents?: number },
): AgencyClientSummary {
  const billableEmployeeCount = b.billableEmployeeCount ?? 0;
  return {
    id: b.businessId,
    name: b.name,
    industry: orNull(b.industry),
    logoUrl: orNull(b.logoUrl),
    isActive: b.isActive ?? true,
    employeeCount: b.employeeCount ?? 0,
    billableEmployeeCount,
    revenueCents: link.billedTo === 'direct' ? 0 : agencyClientRevenue(billableEmployeeCount, link.pricePerUserCents),
    pricePerUserCents: link.pricePerUserCents ?? null,
    listPricePerUserCents: agencyRatePerUser(billableEmployeeCount),
    billedTo: link.billedTo ?? 'agency',
    billingEmail: orNull(b.billingEmail),
    whiteLabel: link.whiteLabel ?? 'agency',
    branded: b.whiteLabelAgencyId === link.agencyId,
  };
}
