// 'Contact Our Sales Team': the request is stored first, then mailed to the sales inbox. A mail failure is
// recorded on the stored request (for a retry) and the visitor still gets their confirmation.
import type { SalesContact } from '../../../shared/schemas/sales-contact';
import { sendMail } from '../adapters/mail';
import { config } from '../config';
import { db } from '../data/entities';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { enforceRateLimit } from '../lib/rate-limit';
import { compact } from '../lib/values';
import { salesContactMail } from '../mail/sales-contact-mail';

/** Five enquiries per client address per hour. */
export const SALES_CONTACT_LIMIT = { action: 'sales-contact', limit: 5, windowSeconds: 3600 };

export async function submitSalesContact(contact: SalesContact, clientIp: string): Promise<{ id: string; mailed: boolean }> {
  await enforceRateLimit(SALES_CONTACT_LIMIT, clientIp);
  const contactId = newId();
  await db().salesContact.create({ contactId, ...compact(contact) }).go();
  try {
    await sendMail(salesContactMail(contact, config().SALES_INBOX));
    await db().salesContact.patch({ contactId }).set({ mailStatus: 'sent' }).go();
    return { id: contactId, mailed: true };
  } catch (error) {
    logger.error('sales contact stored but not mailed', { contactId, error: error as Error });
    await db().salesContact.patch({ contactId }).set({ mailStatus: 'failed' }).go();
    return { id: contactId, mailed: false };
  }
}
