// The e-mail the sales team receives for a 'Contact Our Sales Team' request (HTML and text).
import type { SalesContact } from '../../../shared/schemas/sales-contact';
import type { OutgoingMail } from '../adapters/mail';
import { fillTemplate } from './fill';
import { brandScope } from './layout';
import { salesContactTemplate } from './templates.generated';

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
    html: fillTemplate(salesContactTemplate, { companyName: contact.companyName.replace(/[\r\n]+/g, ' '), rows: rows.map(([label, value]) => ({ label, value })) }, brandScope(null)),
  };
}
