// The monthly invoice job (spec 2 §9, issue 20 §1): every payer — an active, subscribed business that pays for
// itself, or an agency for the clients billed to it — is billed once for the month, due one month from the run date.
// Idempotent per month: each invoice, its number and a per-payer-per-month guard are written in one transaction.
// Each new invoice is mailed.
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { listActivePlans } from '../plans/repository';
import type { InvoiceMailOutcome } from '../../../shared/schemas/invoice';
import { billingPeriodOf, billPayer, listPayers, type Payer } from './payers';

export interface MonthlyInvoiceResult {
  period: string;
  created: {
    payerType: Payer['type'];
    payerId: string;
    invoiceId: string;
    invoiceNumber: string;
    amountCents: number;
    currency: string;
    mail: InvoiceMailOutcome;
  }[];
  alreadyBilled: number;
  skippedNoBillableEmployees: number;
}

export const payerIdOf = (payer: Payer) => (payer.type === 'business' ? payer.businessId : payer.agencyId);

export async function generateMonthlyInvoices(runDate: Date = new Date()): Promise<MonthlyInvoiceResult> {
  const billing = billingPeriodOf(runDate);
  const [payers, activePlans] = await Promise.all([listPayers(), listActivePlans()]);
  const result: MonthlyInvoiceResult = { period: billing.period, created: [], alreadyBilled: 0, skippedNoBillableEmployees: 0 };
  /** Numbering transactions sent: more than one per invoice means racing writers took the number first. */
  let numberingAttempts = 0;

  for (const payer of payers) {
    const billed = await billPayer(payer, billing, activePlans);
    if (billed.outcome === 'alreadyBilled') result.alreadyBilled += 1;
    else if (billed.outcome === 'skipped') {
      if (billed.reason === 'noBillableEmployees') result.skippedNoBillableEmployees += 1;
    } else {
      numberingAttempts += billed.numberingAttempts;
      const { invoiceId, invoiceNumber, amountCents, currency, mail } = billed;
      result.created.push({ payerType: payer.type, payerId: payerIdOf(payer), invoiceId, invoiceNumber, amountCents, currency, mail });
    }
  }
  recordMetric('InvoicesCreated', result.created.length);
  logger.info('monthly invoices generated', {
    period: billing.period,
    created: result.created.length,
    alreadyBilled: result.alreadyBilled,
    numberingAttempts,
  });
  return result;
}
