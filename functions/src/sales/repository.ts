// Access patterns of sales enquiries: stored first, then marked with the outcome of the mail.
import type { SalesContact } from '../../../shared/schemas/sales-contact';
import { db } from '../data/entities';
import { compact } from '../lib/values';

/** Stores an enquiry with mailStatus 'pending'. */
export async function createSalesContact(contactId: string, contact: SalesContact): Promise<void> {
  await db().salesContact.create({ contactId, ...compact(contact) }).go();
}

/** Records whether the enquiry reached the sales inbox (a failed one can be retried from the table). */
export async function setSalesContactMailStatus(contactId: string, mailStatus: 'sent' | 'failed'): Promise<void> {
  await db().salesContact.patch({ contactId }).set({ mailStatus }).go();
}
