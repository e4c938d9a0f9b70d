// The mails Cognito sends for us — sign-up and resent codes, the forgot-password code, an attribute's verification code
// and a new account's temporary password — as the user pool's CustomMessage trigger writes them: CardCrew's frame, or
// for a white-labelled client's people their agency's name, logo, colour and support contacts (issue 21 §1). Cognito
// fills in the code (and the user name) where its placeholders stand, and sends the HTML as the mail's body.
import { isHexColor } from '../../../shared/colour';
import { cognitoMailCopy, cognitoMailUsernameLabel, type CognitoMailKind } from '../../../shared/messages/cognito-mail';
import type { ClientBrand } from '../agency/brand';
import { fillTemplate } from './fill';
import { brandScope } from './layout';
import { cognitoCodeTemplate } from './templates.generated';

/** Cognito's placeholder for the code (or temporary password); the message must contain it. */
export const COGNITO_CODE_PLACEHOLDER = '{####}';
/** Cognito's placeholder for the user name of an account an administrator created. */
export const COGNITO_USERNAME_PLACEHOLDER = '{username}';
/** Cognito's limits on what a CustomMessage trigger answers (characters, placeholders included). */
export const COGNITO_EMAIL_MESSAGE_MAX = 20_000;
export const COGNITO_EMAIL_SUBJECT_MAX = 140;

/** CardCrew's accent (the frame's link and button colour), for the bar under the title when no agency brands the mail. */
const CARDCREW_ACCENT = '#1e40af';

export interface CognitoCodeMailInput {
  kind: CognitoMailKind;
  /** The agency brand of a white-labelled client's person; null for CardCrew's own. */
  brand: ClientBrand | null;
  /** What stands where the code goes: Cognito's `{####}` (the trigger passes the event's `codeParameter`). */
  code?: string;
  /** What stands where the user name goes (AdminCreateUser only): Cognito's `{username}`. */
  username?: string;
}

export interface CognitoCodeMail {
  subject: string;
  html: string;
}

/** The subject within Cognito's 140 characters: a long brand name is cut, never the words around it. */
function subjectOf(kind: CognitoMailKind, brandName: string): string {
  const subject = cognitoMailCopy[kind].subject(brandName);
  if (subject.length <= COGNITO_EMAIL_SUBJECT_MAX) return subject;
  const room = brandName.length - (subject.length - COGNITO_EMAIL_SUBJECT_MAX) - 1;
  return cognitoMailCopy[kind].subject(`${brandName.slice(0, Math.max(room, 1)).trimEnd()}…`);
}

export function cognitoCodeMail({ kind, brand, code = COGNITO_CODE_PLACEHOLDER, username = COGNITO_USERNAME_PLACEHOLDER }: CognitoCodeMailInput): CognitoCodeMail {
  const copy = cognitoMailCopy[kind];
  // A name with a line break would break the subject header; the HTML escapes everything else.
  const brandName = (brand?.name ?? 'CardCrew').replace(/[\r\n]+/g, ' ');
  const primary = brand?.colors?.primaryColor;
  const fill = (frame: ClientBrand | null) =>
    fillTemplate(
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
  let html = fill(brand && { ...brand, name: brandName });
  // Every field is bounded (a name of 60–200 characters, URLs of 2,048), so this is far off; should it ever be reached,
  // the logo and support link (the long URLs) go, and the mail still names the agency and its support address.
  if (html.length > COGNITO_EMAIL_MESSAGE_MAX && brand) html = fill({ ...brand, name: brandName, logoUrl: null, supportUrl: null });
  if (html.length > COGNITO_EMAIL_MESSAGE_MAX) throw new Error(`The ${kind} mail is ${html.length} characters, over Cognito's ${COGNITO_EMAIL_MESSAGE_MAX}`);
  return { subject: subjectOf(kind, brandName), html };
}
