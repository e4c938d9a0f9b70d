// White-label mail (issue 21 §1): the sender's display name (quoted, or RFC 2047-encoded when not ASCII, never able
// to inject a header or another address), and the invitation and contact mails with and without an agency's brand.
import { describe, expect, it } from 'vitest';
import { fromAddressWithName, fromHeaderOf } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import { adminInviteMail } from './admin-invite-mail';
import { contactMail } from './contact-mail';
import { invitationMail } from './invitation-mail';
import { invoiceMail } from './invoice-mail';
import { receiptMail } from './receipt-mail';
import { reminderMail } from './reminder-mail';
import { salesContactMail } from './sales-contact-mail';

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

// Every mail, rendered from the compiled React Email templates (issue 21 §1): with CardCrew's brand and with an
// agency's (logo, support e-mail and URL), each value a user typed escaped in the HTML and kept as typed in the text.
describe('each mail with CardCrew’s brand and with an agency’s', () => {
  const hostile = `Eve <script>alert(1)</script> "Q" & 'A'`;
  const hostileHtml = 'Eve &lt;script&gt;alert(1)&lt;/script&gt; &quot;Q&quot; &amp; &#39;A&#39;';
  const agency: ClientBrand = { agencyId: 'a1', name: 'Bright "Studio" <b>', supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example/?a=1&b=2', logoUrl: 'https://media.example/logo/a1/l.png' };
  const agencyNameHtml = 'Bright &quot;Studio&quot; &lt;b&gt;';
  const money = { to: 'pay@x.example', businessName: hostile, invoiceNumber: 'INV-000042', amountCents: 4500, currency: 'USD', link: 'https://x.example/invoice-payment/i1?a=1&b=2', pdfLink: 'https://x.example/api/public/invoices/i1/pdf' };
  const lines = [{ businessName: hostile, billableEmployees: 3, ratePerUserCents: 1500, sharePercent: 100, amountCents: 4500 }];
  const clientMails = {
    invitation: (b: ClientBrand | null) => invitationMail({ ...invitation, employeeName: hostile, businessName: hostile, brand: b }),
    contact: (b: ClientBrand | null) => contactMail({ to: 'e@x.example', employeeName: hostile, contact: { name: hostile, email: 'v@x.example', phone: '+1 555', company: hostile, note: `line 1\n${hostile}` }, portalLink: 'https://x.example/employee-portal', brand: b }),
    invoice: (b: ClientBrand | null) => invoiceMail({ ...money, brand: b, dueDate: '2026-12-15', notes: hostile, breakdown: { lines, subtotalCents: 4500, discountPercent: null, discountCents: null } }),
    reminder: (b: ClientBrand | null) => reminderMail({ ...money, brand: b, dueDate: '2026-12-15', daysOverdue: 1 }),
    receipt: (b: ClientBrand | null) => receiptMail({ ...money, brand: b, paidAt: '2026-12-10T10:00:00Z', card: hostile }),
  };

  for (const [name, mailOf] of Object.entries(clientMails)) {
    it(`${name}: the agency's name, logo and support contacts, no CardCrew anywhere, every value escaped`, () => {
      const mail = mailOf(agency);
      expect([mail.subject, mail.text, mail.html].join('\n')).not.toMatch(/cardcrew/i);
      expect(mail.fromName).toBe(agency.name);
      expect(mail.html).toContain(`<img alt="${agencyNameHtml}" height="40" src="https://media.example/logo/a1/l.png"`);
      expect(mail.html).toContain(`${agencyNameHtml} · <a href="mailto:help@bright.example"`);
      expect(mail.html).toContain('<a href="https://help.bright.example/?a=1&amp;b=2"');
      expect(mail.text).toContain('\n--\nBright "Studio" <b>\nhelp@bright.example\nhttps://help.bright.example/?a=1&b=2');
      expect(mail.html).toContain(hostileHtml);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('"Q"');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).toContain(hostile);
    });

    it(`${name}: CardCrew's frame without a brand, and no agency`, () => {
      const mail = mailOf(null);
      expect(mail.html).toContain('CardCrew · Digital business cards for your whole team');
      expect(mail.html).not.toContain('Bright');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('mailto:');
      expect(mail.html).toContain(hostileHtml);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toMatch(/\{\{|\}\}/);
      expect(mail.fromName).toBeUndefined();
    });
  }

  it('an agency without a logo or support URL: its name on top, the e-mail alone in the footer', () => {
    const mail = invitationMail({ ...invitation, brand: { ...agency, logoUrl: null, supportUrl: null } });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(`>${agencyNameHtml}</p>`);
    expect(mail.html).toMatch(/help@bright\.example<\/a><\/p>/);
  });

  it('a stored logo or support URL that is not http(s) is left out rather than linked', () => {
    const mail = invitationMail({ ...invitation, brand: { ...agency, logoUrl: 'javascript:alert(1)', supportUrl: '/relative' } });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('/relative');
  });

  it('invitation: the business, the link and the date in both parts', () => {
    const mail = invitationMail(invitation);
    expect(mail.html).toContain('<title>Join Northwind Bakery on CardCrew</title>');
    expect(mail.html).toContain('Join Northwind Bakery on CardCrew</h1>');
    expect(mail.html).toContain('href="https://cards.example/employee-onboarding?id=t"');
    expect(mail.html).toContain('It works once and until December 1, 2026.');
    expect(mail.text).toContain('This link works once and until December 1, 2026.');
    expect(invitationMail({ ...invitation, brand }).html).toContain('<title>Join Northwind Bakery</title>');
  });

  it('invoice: the lines, the total and the PDF link only when there are any', () => {
    const full = clientMails.invoice(null);
    expect(full.html).toContain('>Description</td>');
    expect(full.html).toContain('3 users × $15.00 × 100% = $45.00');
    expect(full.html).toContain('>Total</td>');
    expect(full.html).toContain('href="https://x.example/api/public/invoices/i1/pdf"');
    const bare = invoiceMail({ ...money, pdfLink: undefined, dueDate: '2026-12-15', notes: null });
    expect(bare.html).not.toContain('Description');
    expect(bare.html).not.toContain('>Total</td>');
    expect(bare.html).not.toContain('/pdf');
    expect(bare.html).toContain('href="https://x.example/invoice-payment/i1?a=1&amp;b=2"');
  });

  it('reminder: one day or many days overdue', () => {
    expect(clientMails.reminder(null).html).toContain('is now 1 day overdue.');
    expect(reminderMail({ ...money, dueDate: '2026-12-15', daysOverdue: 14 }).html).toContain('is now 14 days overdue.');
  });

  it('receipt: the card used only when Stripe named it', () => {
    expect(clientMails.receipt(null).html).toContain('>Paid with</td>');
    expect(receiptMail({ ...money, paidAt: '2026-12-10T10:00:00Z', card: null }).html).not.toContain('Paid with');
  });

  it('admin invite (always CardCrew): a new account is told how to set a password, the address escaped', () => {
    const created = adminInviteMail({ to: `"a<b>"@x.example`, signInLink: 'https://cardcrew.example/auth?redirect=%2Fadmin', newAccount: true });
    expect(created.html).toContain('An account was created for &quot;a&lt;b&gt;&quot;@x.example.');
    expect(created.html).toContain('href="https://cardcrew.example/auth?redirect=%2Fadmin"');
    expect(created.html).toContain('CardCrew · Digital business cards for your whole team');
    const existing = adminInviteMail({ to: 'a@x.example', signInLink: 'https://cardcrew.example/auth', newAccount: false });
    expect(existing.html).toContain('Sign in with your usual e-mail and password.');
    expect(existing.html).not.toContain('An account was created');
  });

  it('sales enquiry (always CardCrew): every field escaped, line breaks kept', () => {
    const mail = salesContactMail({ companyName: hostile, contactPerson: 'Eve', email: 'eve@x.example', phone: '1', address: 'a', city: 'c', country: 'd', zipCode: null, message: `hi\n${hostile}` }, 'sales@cardcrew.example');
    expect(mail.html).toContain(`hi\n${hostileHtml}`);
    expect(mail.html).toContain('white-space:pre-wrap');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('CardCrew · Digital business cards for your whole team');
  });
});

describe('an agency’s verified sending domain', () => {
  const verified: ClientBrand = { ...brand, senderDomain: 'mail.bright.example' };

  it('sends its clients’ mails from no-reply@ that domain with its name, replies to its support address', () => {
    const mail = invitationMail({ ...invitation, brand: verified });
    expect(mail).toMatchObject({ fromName: 'Bright Studio', fromDomain: 'mail.bright.example', replyTo: ['help@bright.example'] });
    expect(fromHeaderOf(mail, 'CardCrew <no-reply@cardcrew.com>')).toBe('"Bright Studio" <no-reply@mail.bright.example>');
  });

  it('a contact mail too, with replies still to the contact', () => {
    const mail = contactMail({ to: 'e@example.com', employeeName: 'Erin', contact: { name: 'Vera', email: 'vera@example.com' }, portalLink: 'https://x/employee-portal', brand: verified });
    expect(mail).toMatchObject({ fromName: 'Bright Studio', fromDomain: 'mail.bright.example', replyTo: ['vera@example.com'] });
  });

  it('until it is verified: the platform’s address with the agency’s name; without a brand: the configured sender', () => {
    expect(fromHeaderOf(invitationMail({ ...invitation, brand }), 'CardCrew <no-reply@cardcrew.com>')).toBe('"Bright Studio" <no-reply@cardcrew.com>');
    expect(fromHeaderOf(invitationMail(invitation), 'CardCrew <no-reply@cardcrew.com>')).toBe('CardCrew <no-reply@cardcrew.com>');
  });
});
