// The dunning calendar: whole UTC days past the due date, and the latest reminder stage reached (one mail, not a burst);
// and what a run reads: only the unpaid invoices past their due date, from the sparse `unpaid` index (gsi3).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../data/client';
import { daysOverdue, reminderStage, runDunning } from './dunning';
import { reminderMail } from '../mail/reminder-mail';

process.env.TABLE_NAME ??= 'keys-test';

describe('dunning calendar', () => {
  it('counts whole days after the due date, across month and year ends', () => {
    expect(daysOverdue('2031-03-01', '2031-03-01')).toBe(0);
    expect(daysOverdue('2031-03-01', '2031-03-02')).toBe(1);
    expect(daysOverdue('2031-02-28', '2031-03-07')).toBe(7);
    expect(daysOverdue('2031-12-25', '2032-01-08')).toBe(14);
    expect(daysOverdue('2031-03-02', '2031-03-01')).toBe(-1);
  });

  it('picks the latest stage reached: none before day 1, 7 for an invoice first seen 10 days overdue', () => {
    expect([0, 1, 6, 7, 10, 13, 14, 40].map(reminderStage)).toEqual([null, 1, 1, 7, 7, 7, 14, 14]);
  });
});

describe('reminder mail', () => {
  it('names the invoice, amount, due date and days overdue, and links the payment page', () => {
    const mail = reminderMail({ to: 'pay@example.com', businessName: 'Acme\nCo', invoiceNumber: 'INV-2031-000007', amountCents: 4950, currency: 'USD', dueDate: '2031-03-01', daysOverdue: 7, link: 'https://cardcrew.test/invoice-payment/abc' });
    expect(mail.to).toEqual(['pay@example.com']);
    expect(mail.subject).toBe('Reminder: invoice INV-2031-000007 ($49.50) is overdue');
    expect(mail.text).toContain('Hello Acme Co,');
    expect(mail.text).toContain('is now 7 days overdue');
    expect(mail.text).toContain('https://cardcrew.test/invoice-payment/abc');
    expect(mail.html).toContain('href="https://cardcrew.test/invoice-payment/abc"');
  });
});

describe('what a run reads', () => {
  type Sent = { command: string; input: Record<string, unknown> & { ExpressionAttributeValues?: Record<string, string> } };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Stubs the document client: each Query answers `items` of its partition; returns the commands sent. */
  function stubTable(itemsOf: (partition: string) => Record<string, unknown>[]): Sent[] {
    const sent: Sent[] = [];
    vi.spyOn(dynamo(), 'send').mockImplementation((async (command: { constructor: { name: string }; input: Sent['input'] }) => {
      sent.push({ command: command.constructor.name, input: command.input });
      if (command.constructor.name === 'QueryCommand') return { Items: itemsOf(command.input.ExpressionAttributeValues![':pk']!) };
      return {};
    }) as never);
    return sent;
  }

  it('is one Query per unpaid status on the unpaid index, of the invoices due before today, and nothing else', async () => {
    const sent = stubTable(() => []);
    const result = await runDunning(new Date('2031-03-08T06:00:00Z'));
    expect(result).toEqual({ today: '2031-03-08', markedOverdue: [], reminders: [] });
    expect(sent.map(({ command }) => command)).toEqual(['QueryCommand', 'QueryCommand']);
    expect(sent.map(({ input }) => input.IndexName)).toEqual(['gsi3', 'gsi3']);
    expect(sent.map(({ input }) => input.KeyConditionExpression)).toEqual(['#pk = :pk and #sk1 < :sk1', '#pk = :pk and #sk1 < :sk1']);
    expect(sent.map(({ input }) => input.ExpressionAttributeValues)).toEqual([
      { ':pk': '$cardcrew#status_pending', ':sk1': '$invoice_1#duedate_2031-03-08' },
      { ':pk': '$cardcrew#status_overdue', ':sk1': '$invoice_1#duedate_2031-03-08' },
    ]);
    // No filter: the index holds only unpaid invoices, so every item read is one the run may act on.
    expect(sent.some(({ input }) => 'FilterExpression' in input)).toBe(false);
  });

  it("moves a pending invoice it read to overdue with the overdue partition's keys, in the status write itself", async () => {
    const invoice = { invoiceId: 'inv-1', businessId: 'biz-1', businessName: 'Acme', invoiceNumber: 'INV-2031-000001', amountCents: 4900, currency: 'USD', dueDate: '2031-03-07', status: 'pending', listing: 'invoices', __edb_e__: 'invoice', __edb_v__: '1' };
    const sent = stubTable((partition) => (partition === '$cardcrew#status_pending' ? [invoice] : []));
    const result = await runDunning(new Date('2031-03-08T06:00:00Z'));
    expect(result.markedOverdue).toEqual(['inv-1']);
    const update = sent.find(({ command }) => command === 'UpdateCommand')!.input as Record<string, unknown> & { ExpressionAttributeValues: Record<string, unknown> };
    expect(update.ConditionExpression).toBe('attribute_exists(pk) AND #status IN (:from0) AND #dueDate = :dueDate');
    expect(Object.values(update.ExpressionAttributeValues)).toEqual(expect.arrayContaining(['overdue', '$cardcrew#status_overdue', '$invoice_1#duedate_2031-03-07#invoiceid_inv-1']));
  });
});
