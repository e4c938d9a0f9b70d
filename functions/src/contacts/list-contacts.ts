// Who sees which contacts (issue 11 §3): an employee their own; whoever manages the business (owner, managing agency,
// admin) all of the business's, optionally for one employee. Deleting: the same people.
import type { Contact } from '../../../shared/schemas/contact';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { notFound } from '../lib/errors';
import { getEmployee } from '../business/repository';
import { toContactDto } from './dto';
import { deleteContact, getContact, listContactsOfBusiness, listContactsOfEmployee } from './repository';

/** The caller's own employee record, or 404 (the portal's 'Profile Not Found'). */
function ownEmployeeId(caller: Caller): string {
  const membership = caller.memberships.find((m) => m.scopeType === 'business' && m.employeeId);
  if (!membership?.employeeId) throw notFound('No employee profile is linked to this account.');
  return membership.employeeId;
}

export async function listMyContacts(caller: Caller): Promise<Contact[]> {
  return (await listContactsOfEmployee(ownEmployeeId(caller))).map(toContactDto);
}

export async function listBusinessContacts(caller: Caller, businessId: string, employeeId?: string): Promise<Contact[]> {
  await assertMay(caller, businessId, 'contacts');
  // A filter naming someone outside the business is as unknown as a made-up id.
  if (employeeId && (await getEmployee(employeeId))?.businessId !== businessId) throw notFound('Employee not found.');
  return (await listContactsOfBusiness(businessId, employeeId)).map(toContactDto);
}

/** A contact of another business is as unknown as a made-up id; the employee it was shared with may delete it too. */
export async function removeContact(caller: Caller, businessId: string, contactId: string): Promise<void> {
  const contact = await getContact(contactId);
  if (!contact || contact.businessId !== businessId) throw notFound('Contact not found.');
  const own = caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === businessId && m.employeeId === contact.employeeId);
  if (!own) await assertMay(caller, businessId, 'contacts');
  await deleteContact(contactId);
}
