// The dunning calendar: whole UTC days past the due date, and the latest reminder stage reached (one mail, not a burst).
import { describe, expect, it } from 'vitest';
import { daysOverdue, reminderStage } from './dunning';
import { reminderMail } from '../mail/reminder-mail';

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
