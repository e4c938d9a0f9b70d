// Access patterns of contacts (docs/access-patterns.md #39–40): one Put per submission; a business's contacts newest
// first on gsi1, an employee's on gsi2; deletion by id, and all of an employee's or a business's for the cascades.
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';

export type ContactRecord = EntityItem<Db['contact']>;

export async function putContact(contact: CreateEntityItem<Db['contact']>): Promise<void> {
  await db().contact.create(contact).go();
}

export async function getContact(contactId: string): Promise<ContactRecord | null> {
  const { data } = await db().contact.get({ contactId }).go({ consistent: true });
  return data;
}

export async function listContactsOfBusiness(businessId: string, employeeId?: string): Promise<ContactRecord[]> {
  const query = db().contact.query.byBusiness({ businessId });
  const { data } = await (employeeId ? query.where((attr, { eq }) => eq(attr.employeeId, employeeId)) : query).go({ pages: 'all', order: 'desc' });
  return data;
}

export async function listContactsOfEmployee(employeeId: string): Promise<ContactRecord[]> {
  const { data } = await db().contact.query.byEmployee({ employeeId }).go({ pages: 'all', order: 'desc' });
  return data;
}

export async function deleteContact(contactId: string): Promise<void> {
  await db().contact.delete({ contactId }).go();
}

/** Deletes contacts by id (BatchWriteItem, 25 per call); the number deleted. */
export async function deleteContacts(contactIds: string[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  const { unprocessed } = await db()
    .contact.delete(contactIds.map((contactId) => ({ contactId })))
    .go();
  if (unprocessed.length > 0) throw new Error('Some contacts could not be deleted.');
  return contactIds.length;
}
