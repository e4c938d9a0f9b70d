// The e-mail an employee receives for each new contact from their card page (issue 11 §3), HTML and text.
import type { OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import { fillTemplate } from './fill';
import { brandScope, senderOf, textFooterOf } from './layout';
import { contactTemplate } from './templates.generated';

export interface ContactMailInput {
  to: string;
  employeeName: string;
  contact: { name: string; email: string; phone?: string | null; company?: string | null; note?: string | null };
  portalLink: string;
  /** A white-labelled client's agency brand (issue 21): the agency as sender, its footer. Replies still go to the contact. */
  brand?: ClientBrand | null;
}

export function contactMail({ to, employeeName, contact, portalLink, brand = null }: ContactMailInput): OutgoingMail {
  const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');
  const rows: [string, string][] = [
    ['Name', contact.name],
    ['Email', contact.email],
    ...(contact.phone ? [['Phone', contact.phone] as [string, string]] : []),
    ...(contact.company ? [['Company', contact.company] as [string, string]] : []),
    ...(contact.note ? [['Note', contact.note] as [string, string]] : []),
  ];
  return {
    to: [to],
    subject: `${oneLine(contact.name)} shared their details with you`,
    // From the agency (its domain once verified), but replies go to the contact who shared their details.
    ...senderOf(brand),
    replyTo: [contact.email],
    text: [`Hi ${employeeName},`, '', 'Someone who opened your digital business card shared their details:', '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `All your contacts: ${portalLink}`, ...textFooterOf(brand)].join('\n'),
    html: fillTemplate(
      contactTemplate,
      { employeeName, contactName: oneLine(contact.name), rows: rows.map(([label, value]) => ({ label, value })), portalLink },
      brandScope(brand),
    ),
  };
}
