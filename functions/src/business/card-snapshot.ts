// The copy of employee and business fields a card carries, so the public page is one GetItem.
import { compact } from '../lib/values';
import type { BusinessRecord, EmployeeRecord, NewCard } from './repository';

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
    isActive: b.isActive ?? true,
  });
}
