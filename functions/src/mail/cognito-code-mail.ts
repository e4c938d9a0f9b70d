// The mails Cognito asks us to send — sign-up and resent codes, the forgot-password code, an attribute's verification
// code and a new account's temporary password — as the user pool's custom email sender writes them: CardCrew's frame,
// or for a white-labelled client's people their agency's name, logo, colour and support contacts.
import { isHexColor } from '../../../shared/colour';
import { cognitoMailCopy, cognitoMailUsernameLabel, type CognitoMailKind } from '../../../shared/messages/cognito-mail';
import type { OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import { fillTemplate } from './fill';
import { brandScope, senderOf, textFooterOf } from './layout';
import { cognitoCodeTemplate } from './templates.generated';

/** Mail clients cut long subjects; a long brand name is shortened rather than the words around it. */
export const COGNITO_EMAIL_SUBJECT_MAX = 140;

/** CardCrew's accent (the frame's link and button colour), for the bar under the title when no agency brands the mail. */
const CARDCREW_ACCENT = '#1e40af';

export interface CognitoCodeMailInput {
  kind: CognitoMailKind;
  /** The agency brand of a white-labelled client's person; null for CardCrew's own. */
  brand: ClientBrand | null;
  /** Where the mail goes. */
  to: string;
  /** The code (or, for a new account, the temporary password). */
  code: string;
  /** The account's user name (shown for AdminCreateUser only). */
  username: string;
}

/** The subject within 140 characters: a long brand name is cut, never the words around it. */
function subjectOf(kind: CognitoMailKind, brandName: string): string {
  const subject = cognitoMailCopy[kind].subject(brandName);
  if (subject.length <= COGNITO_EMAIL_SUBJECT_MAX) return subject;
  const room = brandName.length - (subject.length - COGNITO_EMAIL_SUBJECT_MAX) - 1;
  return cognitoMailCopy[kind].subject(`${brandName.slice(0, Math.max(room, 1)).trimEnd()}…`);
}

export function cognitoCodeMail({ kind, brand, to, code, username }: CognitoCodeMailInput): OutgoingMail {
  const copy = cognitoMailCopy[kind];
  // A name with a line break would break the subject header; the HTML escapes everything else.
  const brandName = (brand?.name ?? 'CardCrew').replace(/[\r\n]+/g, ' ');
  const frame = brand && { ...brand, name: brandName };
  const primary = brand?.colors?.primaryColor;
  const html = fillTemplate(
    cognitoCodeTemplate,
    {
      title: copy.title,
      preview: copy.subject(brandName),
      intro: copy.intro(brandName),
      brandColor: primary && isHexColor(primary) ? primary : CARDCREW_ACCENT,
      username: kind === 'AdminCreateUser' ? username : null,
      usernameLabel: cognitoMailUsernameLabel,
      codeLabel: copy.codeLabel,
      code,
      note: copy.note,
    },
    brandScope(frame),
  );
  const text = [
    copy.intro(brandName),
    '',
    ...(kind === 'AdminCreateUser' ? [`${cognitoMailUsernameLabel}: ${username}`] : []),
    `${copy.codeLabel}: ${code}`,
    '',
    copy.note,
    ...textFooterOf(frame),
  ].join('\n');
  return { to: [to], subject: subjectOf(kind, brandName), html, text, ...senderOf(frame) };
}
