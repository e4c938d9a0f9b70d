// The e-mail an invited employee receives (HTML and text): who invites them, and the onboarding link.
import type { OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../white-label/brand';
import { escapeHtml, htmlLayout, senderOf, textFooterOf } from './layout';

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
    html: htmlLayout(
      `Join ${business}${onPlatform}`,
      `<p>Hi ${escapeHtml(employeeName)},</p>
<p>${escapeHtml(business)} has created a digital business card for you${onPlatform}. Create your account to see your card, keep your profile up to date and share your QR code.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Set up my account</a></p>
<p style="color:#475569;font-size:14px">Or open this link: ${escapeHtml(link)}<br>It works once and until ${escapeHtml(until)}.</p>`,
      brand,
    ),
  };
}
