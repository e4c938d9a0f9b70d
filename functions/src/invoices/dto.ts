// Invoice DTOs built from table records: explicit fields only, never internal keys or payment ids.
import type { Invoice } from '../../../shared/schemas/invoice';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { orNull } from '../lib/values';
import { invoiceBreakdownOf } from './breakdown';
import type { InvoiceRecord } from './repository';

export function toInvoiceDto(i: InvoiceRecord): Invoice {
  return {
    id: i.invoiceId,
    businessId: i.businessId,
    businessName: i.businessName,
    ...invoiceBreakdownOf(i),
    invoiceNumber: i.invoiceNumber,
    amountCents: i.amountCents,
    currency: i.currency ?? DEFAULT_CURRENCY,
    dueDate: i.dueDate,
    notes: orNull(i.notes),
    status: i.status,
    billingPeriod: orNull(i.billingPeriod),
    createdAt: i.createdAt,
    paidAt: orNull(i.paidAt),
  };
}
