// The status actions of an invoice row (spec 2 §4): Mark Paid, Mark Overdue, Void — refused by the table itself when the
// stored status does not allow them. Served by the payments Lambda because Void expires the invoice's open Checkout
// Sessions (issue 26 §1), so a payer with Checkout open can no longer pay a void invoice.
import type { Invoice, InvoiceStatusUpdate } from '../../../shared/schemas/invoice';
import { canTransition } from '../../../shared/schemas/invoice';
import { AppError, notFound } from '../lib/errors';
import { recordMetric } from '../lib/metrics';
import { toInvoiceDto } from './dto';
import { expireCheckoutSessions } from './payment';
import { getInvoice, markInvoicePaid, transitionInvoice } from './payment-store';
import { recordInvoiceAudit } from '../audit/audit-entry';

/** An admin's Mark Paid records no card payment. */
export async function setInvoiceStatus(invoiceId: string, { status }: InvoiceStatusUpdate, now = new Date()): Promise<Invoice> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw notFound('Invoice not found.');
  if (!canTransition(invoice.status, status)) throw new AppError('CONFLICT', `A ${invoice.status} invoice cannot be marked ${status}.`);
  const changed = status === 'paid' ? await markInvoicePaid(invoiceId, { paidAt: now.toISOString(), paidAmountCents: invoice.amountCents }) : await transitionInvoice(invoice, status);
  if (!changed) throw new AppError('CONFLICT', 'The invoice changed meanwhile. Reload and try again.');
  if (status === 'paid') recordMetric('InvoicesPaid');
  await recordInvoiceAudit(invoice, 'invoice.statusChanged');
  const stored = (await getInvoice(invoiceId))!;
  // Sessions opened after the read above were refused by addCheckoutSession's condition, so this list is complete.
  if (status !== 'overdue' && stored.checkoutSessionIds?.length) await expireCheckoutSessions(stored.checkoutSessionIds);
  return toInvoiceDto(stored);
}
