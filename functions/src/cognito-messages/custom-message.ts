// The user pool's CustomMessage trigger: writes the subject and HTML of the mails Cognito sends (sign-up and resent
// codes, forgot-password codes, attribute verification, an administrator-created account's temporary password) in the
// brand the person knows the product by — their agency's for a white-labelled client's people, CardCrew's otherwise
// (brand-of-person.ts). Cognito keeps sending them from the pool's own address. The same code runs in AWS (a Lambda
// trigger) and locally (functions/local/cognito.ts gives it to cognito-local as its in-process CustomMessage Lambda).
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import type { CognitoMailKind } from '../../../shared/messages/cognito-mail';
import { logger } from '../lib/logger';
import { COGNITO_CODE_PLACEHOLDER, COGNITO_USERNAME_PLACEHOLDER, cognitoCodeMail } from '../mail/cognito-code-mail';
import type { ClientBrand } from '../agency/brand';
import { brandOfPerson, tableLookup, type PersonLookup } from './brand-of-person';

const KINDS: Record<string, CognitoMailKind> = {
  CustomMessage_SignUp: 'SignUp',
  CustomMessage_ResendCode: 'ResendCode',
  CustomMessage_ForgotPassword: 'ForgotPassword',
  CustomMessage_AdminCreateUser: 'AdminCreateUser',
  CustomMessage_UpdateUserAttribute: 'UpdateUserAttribute',
  CustomMessage_VerifyUserAttribute: 'VerifyUserAttribute',
};

export async function customMessage(event: CustomMessageTriggerEvent, lookup: PersonLookup = tableLookup): Promise<CustomMessageTriggerEvent> {
  const kind = KINDS[event.triggerSource];
  // CustomMessage_Authentication is an MFA code; the pool has no MFA, so Cognito's default stands.
  if (!kind) return event;
  const { sub, email } = event.request.userAttributes;
  let brand: ClientBrand | null = null;
  try {
    brand = await brandOfPerson({ userId: sub, email }, lookup);
  } catch (error) {
    // A mail in CardCrew's words beats no mail: a failed trigger would fail the person's sign-up or reset itself.
    logger.error('could not read whose brand the Cognito mail carries; sending it in CardCrew’s', { triggerSource: event.triggerSource, error: error as Error });
  }
  const placeholders = {
    code: event.request.codeParameter || COGNITO_CODE_PLACEHOLDER,
    username: event.request.usernameParameter || COGNITO_USERNAME_PLACEHOLDER,
  };
  let mail;
  try {
    mail = cognitoCodeMail({ kind, brand, ...placeholders });
  } catch (error) {
    logger.error('the branded Cognito mail could not be written; sending it in CardCrew’s', { triggerSource: event.triggerSource, error: error as Error });
    mail = cognitoCodeMail({ kind, brand: null, ...placeholders });
  }
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  if (brand) logger.info('Cognito mail in an agency’s brand', { triggerSource: event.triggerSource, agencyId: brand.agencyId });
  return event;
}

/** The Lambda entry point (Cognito passes the event; the context is not needed). */
export const handler = (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => customMessage(event);
