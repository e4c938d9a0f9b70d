// White-label mail (issue 21 §1): the sender's display name (quoted, or RFC 2047-encoded when not ASCII, never able
// to inject a header or another address), and the invitation and contact mails with and without an agency's brand.
import { describe, expect, it } from 'vitest';
import { fromAddressWithName } from '../adapters/mail';
import type { ClientBrand } from '../white-label/brand';
import { contactMail } from './contact-mail';
import { invitationMail } from './invitation-mail';
import { invoiceMail } from './invoice-mail';
import { receiptMail } from './receipt-mail';
import { reminderMail } from './reminder-mail';

const brand: ClientBrand = { agencyId: 'a1', name: 'Bright Studio', supportEmail: 'help@bright.example', supportUrl: null, logoUrl: null };
const invitation = { to: 'e@example.com', employeeName: 'Erin', businessName: 'Northwind Bakery', link: 'https://cards.example/employee-onboarding?id=t', expiresAt: new Date('2026-12-01T00:00:00Z') };

describe('fromAddressWithName', () => {
  it('keeps the configured address and puts the quoted name before it', () => {
    expect(fromAddressWithName('CardCrew <no-reply@cardcrew.com>', 'Bright Studio')).toBe('"Bright Studio" <no-reply@cardcrew.com>');
    expect(fromAddressWithName('no-reply@cardcrew.com', 'Bright')).toBe('"Bright" <no-reply@cardcrew.com>');
  });

  it('cannot add a header, an address or break the quoting', () => {
    const from = fromAddressWithName('CardCrew <no-reply@cardcrew.com>', 'Evil"\r\nBcc: x@evil.example <x@evil.example>');
    expect(from).toBe('"Evil Bcc: x@evil.example x@evil.example" <no-reply@cardcrew.com>');
    expect(from.match(/</g)).toHaveLength(1);
  });

  it('encodes a name that is not ASCII as an RFC 2047 encoded word', () => {
    const from = fromAddressWithName('CardCrew <no-reply@cardcrew.com>', 'Agence Émeraude');
    expect(from).toBe(`=?UTF-8?B?${Buffer.from('Agence Émeraude').toString('base64')}?= <no-reply@cardcrew.com>`);
  });
});

describe('mails of a white-labelled client', () => {
  it('invitation: the agency as sender and in the footer, replies to its support address, no CardCrew', () => {
    const mail = invitationMail({ ...invitation, brand });
    expect(mail).toMatchObject({ fromName: 'Bright Studio', replyTo: ['help@bright.example'] });
    expect([mail.subject, mail.text, mail.html].join('\n')).not.toMatch(/cardcrew/i);
    expect(mail.text.endsWith('--\nBright Studio\nhelp@bright.example')).toBe(true);
  });

  it('invitation without a brand: CardCrew as today', () => {
    const mail = invitationMail(invitation);
    expect(mail.fromName).toBeUndefined();
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).toContain('Join Northwind Bakery on CardCrew');
    expect(mail.html).toContain('CardCrew · Digital business cards for your whole team');
  });

  it('contact: the agency as sender, replies still to the contact, the brand escaped in the footer', () => {
    const mail = contactMail({ to: 'e@example.com', employeeName: 'Erin', contact: { name: 'Vera', email: 'vera@example.com' }, portalLink: 'https://x/employee-portal', brand: { ...brand, name: 'Bright <Studio>' } });
    expect(mail).toMatchObject({ fromName: 'Bright <Studio>', replyTo: ['vera@example.com'] });
    expect(mail.html).toContain('Bright &lt;Studio&gt; · <a href="mailto:help@bright.example"');
    expect(mail.html).not.toMatch(/cardcrew/i);
  });
});

describe('invoice mails of a white-labelled client billed directly', () => {
  const basics = { to: 'pay@northwind.example', businessName: 'Northwind Bakery', invoiceNumber: 'INV-000042', amountCents: 4500, currency: 'USD', link: 'https://x/invoice-payment/i1' };

  it('the invoice, the reminder and the receipt come from the agency and name CardCrew nowhere', () => {
    const mails = [
      invoiceMail({ ...basics, brand, dueDate: '2026-12-15', notes: null }),
      reminderMail({ ...basics, brand, dueDate: '2026-12-15', daysOverdue: 7 }),
      receiptMail({ ...basics, brand, paidAt: '2026-12-10T10:00:00Z', card: null }),
    ];
    for (const mail of mails) {
      expect(mail).toMatchObject({ fromName: 'Bright Studio', replyTo: ['help@bright.example'] });
      expect([mail.subject, mail.text, mail.html].join('\n')).not.toMatch(/cardcrew/i);
      expect(mail.html).toContain('mailto:help@bright.example');
    }
    expect(mails[0]!.subject).toBe('Invoice INV-000042 from Bright Studio: $45.00 due December 15, 2026');
  });

  it('without a brand the invoice still comes from CardCrew', () => {
    expect(invoiceMail({ ...basics, dueDate: '2026-12-15', notes: null }).subject).toBe('Invoice INV-000042 from CardCrew: $45.00 due December 15, 2026');
  });
});
