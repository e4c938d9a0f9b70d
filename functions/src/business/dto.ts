// DTOs built from table records: explicit fields only, never internal keys.
import type { Business } from '../../../shared/schemas/business';
import { DEFAULT_SIGNATURE_FIELDS } from '../../../shared/schemas/email-signature';
import type { Card, Employee } from '../../../shared/schemas/employee';
import { orNull } from '../lib/values';
import { cardDesignOf } from './card-snapshot';
import { siteConfig } from '../config';
import type { BusinessRecord, CardRecord, EmployeeRecord } from './repository';

/** `scanCount` lives on the business's scan-total item (read with it on the dashboard). */
export function toBusinessDto(b: BusinessRecord, scanCount = 0): Business {
  return {
    id: b.businessId,
    ownerId: b.ownerId,
    name: b.name,
    industry: orNull(b.industry),
    website: orNull(b.website),
    description: orNull(b.description),
    logoUrl: orNull(b.logoUrl),
    billingEmail: orNull(b.billingEmail),
    billingAddress: orNull(b.billingAddress),
    billingCity: orNull(b.billingCity),
    billingCountry: orNull(b.billingCountry),
    billingPostalCode: orNull(b.billingPostalCode),
    primaryColor: orNull(b.primaryColor),
    secondaryColor: orNull(b.secondaryColor),
    accentColor: orNull(b.accentColor),
    signatureFields: b.signatureFields ?? DEFAULT_SIGNATURE_FIELDS,
    signatureDisclaimer: orNull(b.signatureDisclaimer),
    cardDesign: cardDesignOf(b.cardDesign),
    cardPageQr: b.cardPageQr ?? false,
    isActive: b.isActive ?? true,
    subscriptionStatus: b.subscriptionStatus ?? 'active',
    employeeCount: b.employeeCount ?? 0,
    billableEmployeeCount: b.billableEmployeeCount ?? 0,
    cardCount: b.cardCount ?? 0,
    activeCardCount: b.activeCardCount ?? 0,
    scanCount,
    createdAt: b.createdAt,
  };
}

/** The card's public URL on `origin` (an agency's custom domain, issue 21 §2), by default the platform's. */
export function cardUrlOf(cardId: string, origin?: string | null): string {
  return `${(origin ?? siteConfig().PUBLIC_ORIGIN).replace(/\/$/, '')}/card/${cardId}`;
}

/** `scanCount` lives on the card's scan-total item. */
export function toCardDto(c: CardRecord, scanCount = 0): Card {
  return {
    id: c.cardId,
    employeeId: c.employeeId,
    businessId: c.businessId,
    isActive: c.isActive,
    qrCodeUrl: orNull(c.qrCodeUrl),
    qrSvgUrl: orNull(c.qrSvgUrl),
    // The link the card's QR code encodes: its agency's custom domain when the QR was made on one.
    cardUrl: cardUrlOf(c.cardId, c.qrOrigin),
    scanCount,
  };
}

export function toEmployeeDto(e: EmployeeRecord, card: CardRecord | null, cardScanCount = 0): Employee {
  return {
    id: e.employeeId,
    businessId: e.businessId,
    name: e.name,
    email: e.email,
    phone: orNull(e.phone),
    officePhone: orNull(e.officePhone),
    mobilePhone: orNull(e.mobilePhone),
    jobTitle: orNull(e.jobTitle),
    department: orNull(e.department),
    linkedinProfile: orNull(e.linkedinProfile),
    photoUrl: orNull(e.photoUrl),
    cardExtras: {
      pronouns: orNull(e.pronouns),
      bio: orNull(e.bio),
      bookingUrl: orNull(e.bookingUrl),
      officeAddress: orNull(e.officeAddress),
      links: e.extraLinks ?? [],
    },
    role: e.role,
    status: e.status,
    createdAt: e.createdAt,
    card: card ? toCardDto(card, cardScanCount) : null,
  };
}
