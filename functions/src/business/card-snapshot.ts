// The copy of employee and business fields a card carries, so the public page is one GetItem.
import { cardIsActiveFor, type EmployeeStatus } from '../../../shared/schemas/employee';
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
  });
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
    cardPageQr: b.cardPageQr,
    isActive: b.isActive ?? true,
  });
}
