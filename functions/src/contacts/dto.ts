// Contact DTOs: explicit fields only.
import type { Contact } from '../../../shared/schemas/contact';
import { orNull } from '../lib/values';
import type { ContactRecord } from './repository';

export function toContactDto(c: ContactRecord): Contact {
  return {
    id: c.contactId,
    businessId: c.businessId,
    employeeId: c.employeeId,
    employeeName: c.employeeName,
    name: c.name,
    email: c.email,
    phone: orNull(c.phone),
    company: orNull(c.company),
    note: orNull(c.note),
    reassignedFrom: orNull(c.reassignedFrom),
    createdAt: c.createdAt,
  };
}
