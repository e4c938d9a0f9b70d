// The Billing section of the business dashboard (issue 27 §2): every invoice of the business, newest first, for whoever
// may manage the business (its owner, the agency managing it, admins). Paying goes through the public payment flow.
import type { Invoice } from '../../../shared/schemas/invoice';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { toInvoiceDto } from '../invoices/dto';

export async function listBusinessInvoices(caller: Caller, businessId: string): Promise<Invoice[]> {
  await assertMay(caller, businessId, 'billing');
  // gsi1 byBusiness sorts by createdAt: newest first. A business gets about twelve a year, so every page is read.
  const { data } = await db().invoice.query.byBusiness({ businessId }).go({ order: 'desc', pages: 'all' });
  return data.map(toInvoiceDto);
}
