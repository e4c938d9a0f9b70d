// 'Contact Our Sales Team': the request is stored first, then mailed to the sales inbox. A mail failure is
// recorded on the stored request (for a retry) and the visitor still gets their confirmation.
import type { SalesContact } from '../../../shared/schemas/sales-contact';
import { sendMail } from '../adapters/mail';
import { mailConfig } from '../config';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { salesContactMail } from '../mail/sales-contact-mail';
import { enforceRateLimit } from '../rate-limit/enforce-rate-limit';
import { createSalesContact, setSalesContactMailStatus } from './repository';

/** Five enquiries per client address per hour. */
export const SALES_CONTACT_LIMIT = { action: 'sales-contact', limit: 5, windowSeconds: 3600 };

export async function submitSalesContact(contact: SalesContact, clientIp: string): Promise<{ id: string; mailed: boolean }> {
  await enforceRateLimit(SALES_CONTACT_LIMIT, clientIp);
  const contactId = newId();
  await createSalesContact(contactId, contact);
  try {
    await sendMail(salesContactMail(contact, mailConfig().SALES_INBOX));
    await setSalesContactMailStatus(contactId, 'sent');
    return { id: contactId, mailed: true };
  } catch (error) {
    logger.error('sales contact stored but not mailed', { contactId, error: error as Error });
    await setSalesContactMailStatus(contactId, 'failed');
    return { id: contactId, mailed: false };
  }
}
