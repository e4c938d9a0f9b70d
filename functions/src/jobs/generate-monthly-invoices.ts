// The monthly invoice job (spec 2 §9): every active business with an active subscription is billed for its
// billable (non-draft) employees at the plan rate, due one month from the run date. Idempotent per month:
// the invoice and a per-business-per-month guard are written in one transaction.
import { addOneMonth, DEFAULT_CURRENCY } from '../../../shared/format';
import { businessRatePerUser, monthlyInvoiceAmount } from '../../../shared/pricing';
import { formatInvoiceNumber, MONTHLY_INVOICE_NOTE } from '../../../shared/schemas/invoice';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { listActivePlans } from '../plans/repository';
import { createInvoiceWithGuard, hasInvoiceForPeriod, listAllBusinesses, nextSequenceValue } from './repository';

export interface MonthlyInvoiceResult {
  period: string;
  created: { businessId: string; invoiceId: string; invoiceNumber: string; amountCents: number; currency: string }[];
  alreadyBilled: number;
  skippedNoBillableEmployees: number;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function generateMonthlyInvoices(runDate: Date = new Date()): Promise<MonthlyInvoiceResult> {
  const period = isoDate(runDate).slice(0, 7);
  const dueDate = isoDate(addOneMonth(runDate));
  const [businesses, activePlans] = await Promise.all([listAllBusinesses(), listActivePlans()]);
  const result: MonthlyInvoiceResult = { period, created: [], alreadyBilled: 0, skippedNoBillableEmployees: 0 };

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
    const invoiceNumber = formatInvoiceNumber(await nextSequenceValue('invoice'), runDate.getUTCFullYear());
    const amountCents = monthlyInvoiceAmount(activePlans, billable);
    const currency = DEFAULT_CURRENCY;
    const written = await createInvoiceWithGuard(
      {
        invoiceId,
        businessId: business.businessId,
        businessName: business.name,
        invoiceNumber,
        amountCents,
        currency,
        dueDate,
        notes: MONTHLY_INVOICE_NOTE,
        status: 'pending',
        billingPeriod: period,
        billableEmployees: billable,
        ratePerUserCents: businessRatePerUser(activePlans, billable),
      },
      period,
    );
    if (written) result.created.push({ businessId: business.businessId, invoiceId, invoiceNumber, amountCents, currency });
    else result.alreadyBilled += 1;
  }
  logger.info('monthly invoices generated', { period, created: result.created.length, alreadyBilled: result.alreadyBilled });
  return result;
}
