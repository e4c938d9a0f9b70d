// The part of an invoice's DTO that says what it bills (issue 20 §1): an agency invoice's lines, subtotal and volume
// discount. Pure, so the payments Lambda (no ElectroDB) and the ElectroDB areas build it the same way.
import type { InvoiceBreakdown } from '../../../shared/schemas/invoice';
import { orNull } from '../lib/values';
import type { InvoiceRecord } from './repository';

export function invoiceBreakdownOf(i: Pick<InvoiceRecord, 'payerType' | 'lines' | 'subtotalCents' | 'discountPercent' | 'discountCents' | 'discountTierFromUsers'>): InvoiceBreakdown {
  return {
    payerType: i.payerType ?? 'business',
    // The client's id stays inside: the page and the mail name the client.
    lines: (i.lines ?? []).map(({ businessName, billableEmployees, ratePerUserCents, sharePercent, amountCents }) => ({ businessName, billableEmployees, ratePerUserCents, sharePercent, amountCents })),
    subtotalCents: orNull(i.subtotalCents),
    discountPercent: orNull(i.discountPercent),
    discountCents: orNull(i.discountCents),
    discountTierFromUsers: orNull(i.discountTierFromUsers),
  };
}
