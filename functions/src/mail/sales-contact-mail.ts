// The e-mail the sales team receives for a 'Contact Our Sales Team' request (HTML and text).
import type { SalesContact } from '../../../shared/schemas/sales-contact';
import type { OutgoingMail } from '../adapters/mail';
import { escapeHtml, htmlLayout } from './layout';

const labels: [keyof SalesContact, string][] = [
  ['companyName', 'Company'],
  ['contactPerson', 'Contact person'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['city', 'City'],
  ['zipCode', 'Zip code'],
  ['country', 'Country'],
  ['message', 'Message'],
];

export function salesContactMail(contact: SalesContact, salesInbox: string): OutgoingMail {
  const rows = labels.filter(([key]) => contact[key]).map(([key, label]) => [label, String(contact[key])] as const);
  const subject = `Sales enquiry from ${contact.companyName.replace(/[\r\n]+/g, ' ')}`;
  return {
    to: [salesInbox],
    replyTo: [contact.email],
    subject,
    text: `New sales enquiry\n\n${rows.map(([l, v]) => `${l}: ${v}`).join('\n')}\n`,
    html: htmlLayout(
      'New sales enquiry',
      `<table role="presentation" cellpadding="4">${rows
        .map(([l, v]) => `<tr><td style="color:#64748b;vertical-align:top">${escapeHtml(l)}</td><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
        .join('')}</table>`,
    ),
  };
}
