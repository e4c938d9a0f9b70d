// Dunning (issue 20 §4), run daily: every pending invoice past its due date becomes overdue, and the payer gets a
// reminder with the payment link at 1, 7 and 14 days overdue. Idempotent: the status change is conditional on the
// stored status, and each reminder stage is claimed on the invoice (a number set) before its mail is sent, so repeated
// or racing runs send it once; a failed mail gives the claim back, so the next day's run tries again. A run that first
// sees an invoice past several stages (the job was down, or the invoice was created overdue) sends only the latest
// stage reached: one reminder, not a burst. It reads only unpaid invoices past their due date, from the sparse `unpaid`
// index (paid, void and cancelled ones are not in it), and the claim's condition (status = overdue) stops a reminder
// for one paid or voided while the run was going.
import { sendMail } from '../adapters/mail';
import { billingRecipientOf, claimReminder, releaseReminder, transitionInvoice } from '../invoices/payment-store';
import { invoiceMailBasics } from '../invoices/send-invoice-mail';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { reminderMail } from '../mail/reminder-mail';
import { listUnpaidInvoicesDueBefore, type InvoiceRecord } from '../invoices/billing-repository';

/** Days past the due date at which a reminder goes out, latest first. */
export const REMINDER_STAGES = [14, 7, 1] as const;

export interface DunningResult {
  /** The UTC date the run counted from. */
  today: string;
  markedOverdue: string[];
  reminders: { invoiceId: string; stage: number; outcome: 'sent' | 'failed' | 'noAddress' }[];
}

const DAY_MS = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Whole days from the due date (YYYY-MM-DD) to `today`; 1 on the day after the due date. */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);
}

/** The latest reminder stage reached after `days` overdue, or null before the first. */
export function reminderStage(days: number): number | null {
  return REMINDER_STAGES.find((stage) => days >= stage) ?? null;
}

export async function runDunning(now: Date = new Date()): Promise<DunningResult> {
  const today = isoDate(now);
  const result: DunningResult = { today, markedOverdue: [], reminders: [] };
  // Due before today: at least one day overdue.
  for (const invoice of await listUnpaidInvoicesDueBefore(today)) {
    const days = daysOverdue(invoice.dueDate, today);
    if (days < 1) continue;
    // False when another run (or an admin) moved it first, or it was paid or voided since the listing: either way fine.
    if (invoice.status === 'pending' && (await transitionInvoice(invoice, 'overdue'))) result.markedOverdue.push(invoice.invoiceId);
    const stage = reminderStage(days);
    if (stage === null || invoice.reminderDays?.includes(stage)) continue;
    const outcome = await remind(invoice, stage);
    if (outcome) result.reminders.push({ invoiceId: invoice.invoiceId, stage, outcome });
  }
  const sent = result.reminders.filter((r) => r.outcome === 'sent').length;
  const failed = result.reminders.filter((r) => r.outcome === 'failed').length;
  if (sent > 0) recordMetric('InvoiceRemindersSent', sent);
  logger.info('dunning run', { today, markedOverdue: result.markedOverdue.length, remindersSent: sent, remindersFailed: failed });
  return result;
}

/** Sends the stage's reminder if this run claims it; null when another run had it or the invoice is no longer overdue. */
async function remind(invoice: InvoiceRecord, stage: number): Promise<'sent' | 'failed' | 'noAddress' | null> {
  // Looked up before claiming: without an address nothing is claimed, so a billing e-mail added later still gets it.
  const recipient = await billingRecipientOf(invoice);
  if (!recipient) return 'noAddress';
  if (!(await claimReminder(invoice.invoiceId, stage))) return null;
  try {
    await sendMail(
      reminderMail({ ...invoiceMailBasics(invoice, recipient), dueDate: invoice.dueDate, daysOverdue: stage }),
    );
    return 'sent';
  } catch (error) {
    logger.warn('dunning reminder was not sent; the next run tries again', { invoiceId: invoice.invoiceId, stage, error: error as Error });
    await releaseReminder(invoice.invoiceId, stage);
    return 'failed';
  }
}
