// The copy of employee and business fields a card carries, so the public page is one GetItem.
import { cardIsActiveFor, type EmployeeStatus } from '../../../shared/schemas/employee';
import { DEFAULT_CARD_DESIGN, type CardDesign } from '../../../shared/schemas/card-design';
import { compact } from '../lib/values';
import type { BusinessRecord, EmployeeRecord, NewCard } from './repository';

/**
 * A new card of an employee (Add Employee, Create Card, import): active exactly when the employee is, with the copies
 * of the employee and of the business read just before the write (its brandVersion guards the copy).
 */
export function newCardOf(
  cardId: string,
  employee: Pick<EmployeeRecord, 'employeeId' | 'businessId' | 'name'> & Partial<EmployeeRecord> & { status: EmployeeStatus },
  business: BusinessRecord,
): Omit<NewCard, 'employeeOrder'> {
  return {
    cardId,
    employeeId: employee.employeeId,
    businessId: employee.businessId,
    isActive: cardIsActiveFor(employee.status),
    profile: cardProfileOf(employee),
    business: cardBusinessOf(business),
    brandVersion: business.brandVersion ?? 0,
  };
}

export function cardProfileOf(e: Pick<EmployeeRecord, 'name'> & Partial<EmployeeRecord>): NewCard['profile'] {
  return compact({
    name: e.name,
    email: e.email,
    phone: e.phone,
    officePhone: e.officePhone,
    mobilePhone: e.mobilePhone,
    jobTitle: e.jobTitle,
    department: e.department,
    linkedinProfile: e.linkedinProfile,
    photoUrl: e.photoUrl,
    pronouns: e.pronouns,
    bio: e.bio,
    bookingUrl: e.bookingUrl,
    officeAddress: e.officeAddress,
    extraLinks: e.extraLinks?.length ? e.extraLinks : undefined,
  });
}

/** An employee's stored optional card fields, for a card copy made by a save that leaves them as they are. */
export function extrasOfRecord(e: EmployeeRecord) {
  return { pronouns: e.pronouns, bio: e.bio, bookingUrl: e.bookingUrl, officeAddress: e.officeAddress, extraLinks: e.extraLinks };
}

/** A design as stored (no null cover). */
export function storedCardDesign(design: CardDesign): NonNullable<BusinessRecord['cardDesign']> {
  return { layout: design.layout, fields: design.fields, ...(design.coverUrl ? { coverUrl: design.coverUrl } : {}) };
}

/** A stored design as the API shows it; a business that never chose has the default. */
export function cardDesignOf(stored: BusinessRecord['cardDesign'] | undefined): CardDesign {
  if (!stored) return DEFAULT_CARD_DESIGN;
  return { layout: stored.layout, coverUrl: stored.coverUrl ?? null, fields: stored.fields };
}

export function cardBusinessOf(b: BusinessRecord): NewCard['business'] {
  return compact({
    name: b.name,
    logoUrl: b.logoUrl,
    website: b.website,
    description: b.description,
    primaryColor: b.primaryColor,
    secondaryColor: b.secondaryColor,
    accentColor: b.accentColor,
    // A department's own design would be copied here instead of its business's (the same shape).
    design: b.cardDesign,
    cardPageQr: b.cardPageQr,
    isActive: b.isActive ?? true,
  });
}
