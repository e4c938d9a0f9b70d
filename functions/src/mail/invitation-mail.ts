// The e-mail an invited employee receives (HTML and text): who invites them, and the onboarding link.
import type { OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import { fillTemplate } from './fill';
import { brandScope, senderOf, textFooterOf } from './layout';
import { invitationTemplate } from './templates.generated';

export interface InvitationMailInput {
  to: string;
  employeeName: string;
  businessName: string;
  link: string;
  expiresAt: Date;
  /** A white-labelled client's agency brand (issue 21): no CardCrew wording, the agency as sender. */
  brand?: ClientBrand | null;
}

export function invitationMail({ to, employeeName, businessName, link, expiresAt, brand = null }: InvitationMailInput): OutgoingMail {
  const business = businessName.replace(/[\r\n]+/g, ' ');
  const onPlatform = brand ? '' : ' on CardCrew';
  const until = expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return {
    to: [to],
    ...senderOf(brand),
    subject: `${business} invited you to your digital business card`,
    text: [
      `Hi ${employeeName},`,
      '',
      `${business} has created a digital business card for you${onPlatform}.`,
      'Create your account to see your card, keep your profile up to date and share your QR code:',
      '',
      link,
      '',
      `This link works once and until ${until}.`,
      ...textFooterOf(brand),
    ].join('\n'),
    html: fillTemplate(invitationTemplate, { employeeName, businessName: business, link, until }, brandScope(brand)),
  };
}
