// The monthly invoice job (spec 2 §9): every active business with an active subscription is billed for its
// billable (non-draft) employees at the plan rate, due one month from the run date. Idempotent per month:
// the invoice, its number and a per-business-per-month guard are written in one transaction. Each new invoice is mailed.
import { addOneMonth, DEFAULT_CURRENCY } from '../../../shared/format';
import { businessRatePerUser, monthlyInvoiceAmount } from '../../../shared/pricing';
import { MONTHLY_INVOICE_NOTE } from '../../../shared/schemas/invoice';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { listActivePlans } from '../plans/repository';
import { createNumberedInvoice, hasInvoiceForPeriod, listAllBusinesses } from './repository';
import { sendInvoiceMail } from '../invoices/send-invoice-mail';
import type { InvoiceMailOutcome } from '../../../shared/schemas/invoice';

export interface MonthlyInvoiceResult {
  period: string;
  created: {
    businessId: string;
    invoiceId: string;
    invoiceNumber: string;
    amountCents: number;
    currency: string;
    mail: InvoiceMailOutcome;
  }[];
  alreadyBilled: number;
  skippedNoBillableEmployees: number;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function generateMonthlyInvoices(runDate: Date = new Date()): Promise<MonthlyInvoiceResult> {
  const period = isoDate(runDate).slice(0, 7);
  const dueDate = isoDate(addOneMonth(runDate));
  const [businesses, activePlans] = await Promise.all([listAllBusinesses(), listActivePlans()]);
  const result: MonthlyInvoiceResult = { period, created: [], alreadyBilled: 0, skippedNoBillableEmployees: 0 };
  /** Numbering transactions sent: more than one per invoice means racing writers took the number first. */
  let numberingAttempts = 0;

  for (const business of businesses) {
    if (business.isActive === false || business.subscriptionStatus !== 'active') continue;
    const billable = business.billableEmployeeCount ?? 0;
    if (billable === 0) {
      result.skippedNoBillableEmployees += 1;
      continue;
    }
    if (await hasInvoiceForPeriod(business.businessId, period)) {
      result.alreadyBilled += 1;
      continue;
    }
    const invoiceId = newId();
    const amountCents = monthlyInvoiceAmount(activePlans, billable);
    const currency = DEFAULT_CURRENCY;
    const invoice = {
      invoiceId,
      businessId: business.businessId,
      businessName: business.name,
      amountCents,
      currency,
      dueDate,
      notes: MONTHLY_INVOICE_NOTE,
      status: 'pending' as const,
      billingPeriod: period,
      billableEmployees: billable,
      ratePerUserCents: businessRatePerUser(activePlans, billable),
    };
    // Numbered in the guard's transaction: a run that loses the guard takes no number (no gaps, issue 26 §3).
    const numbered = await createNumberedInvoice(invoice, { year: runDate.getUTCFullYear(), guard: { period } });
    numberingAttempts += numbered.attempts;
    if (numbered.outcome === 'alreadyBilled') {
      result.alreadyBilled += 1;
      continue;
    }
    const { invoiceNumber } = numbered;
    // Mailed like an invoice an admin creates; a mail failure is reported, the invoice stays.
    const mail = await sendInvoiceMail({ ...invoice, invoiceNumber, createdAt: new Date().toISOString() });
    result.created.push({ businessId: business.businessId, invoiceId, invoiceNumber, amountCents, currency, mail });
  }
  recordMetric('InvoicesCreated', result.created.length);
  logger.info('monthly invoices generated', {
    period,
    created: result.created.length,
    alreadyBilled: result.alreadyBilled,
    numberingAttempts,
  });
  return result;
}
