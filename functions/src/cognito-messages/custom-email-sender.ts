// The user pool's custom email sender. Cognito hands it every code it would mail (sign-up and resent codes,
// forgot-password codes, attribute verification, an administrator-created account's temporary password), encrypted
// with our KMS key, and we send the mail ourselves through SES: in the brand the person knows the product by
// (brand-of-person.ts) and from that brand's sender — the agency's name, its own domain once SES verified it, replies to
// its support address — which Cognito's own sending cannot do (one From for the whole pool). The same code runs in AWS
// (Cognito invokes it asynchronously; a throw is retried by Lambda) and locally (functions/local/cognito.ts hands it to
// cognito-local, which encrypts the code with the KMS stand-in as Cognito does).
import { buildDecrypt } from '@aws-crypto/decrypt-node';
import { KmsKeyringNode } from '@aws-crypto/kms-keyring-node';
import { CommitmentPolicy } from '@aws-crypto/material-management-node';
import { KMS } from '@aws-sdk/client-kms';
import type { CustomEmailSenderTriggerEvent } from 'aws-lambda';
import type { CognitoMailKind } from '../../../shared/messages/cognito-mail';
import { sendMail, type OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import { cognitoSenderConfig, localClientOptions, runtimeConfig } from '../config';
import { lazy } from '../lib/lazy';
import { logger } from '../lib/logger';
import { cognitoCodeMail } from '../mail/cognito-code-mail';
import { brandOfPerson, tableLookup, type PersonLookup } from './brand-of-person';

const KINDS: Record<string, CognitoMailKind> = {
  CustomEmailSender_SignUp: 'SignUp',
  CustomEmailSender_ResendCode: 'ResendCode',
  CustomEmailSender_ForgotPassword: 'ForgotPassword',
  CustomEmailSender_AdminCreateUser: 'AdminCreateUser',
  CustomEmailSender_UpdateUserAttribute: 'UpdateUserAttribute',
  CustomEmailSender_VerifyUserAttribute: 'VerifyUserAttribute',
};

// Cognito's codes may come from before the SDK's key commitment (AWS's own sample decrypts with this policy).
const { decrypt } = buildDecrypt(CommitmentPolicy.REQUIRE_ENCRYPT_ALLOW_DECRYPT);

const keyring = lazy(async () => {
  const { COGNITO_SENDER_KEY_ARN, KMS_ENDPOINT } = cognitoSenderConfig();
  const client = new KMS({ region: runtimeConfig().AWS_REGION, ...localClientOptions(KMS_ENDPOINT) });
  return new KmsKeyringNode({ keyIds: [COGNITO_SENDER_KEY_ARN], clientProvider: () => client });
});

/** The code Cognito encrypted (base64 of an AWS Encryption SDK message under our key), in clear. */
export async function decryptCode(encrypted: string): Promise<string> {
  const { plaintext } = await decrypt(await keyring(), Buffer.from(encrypted, 'base64'));
  return plaintext.toString('utf8');
}

/** What the sender uses: the KMS key, the table and SES by default; fakes in unit tests. */
export interface SenderParts {
  decrypt: (encrypted: string) => Promise<string>;
  lookup: PersonLookup;
  send: (mail: OutgoingMail) => Promise<void>;
}

const realParts: SenderParts = { decrypt: decryptCode, lookup: tableLookup, send: sendMail };

export async function sendCognitoMail(event: CustomEmailSenderTriggerEvent, parts: SenderParts = realParts): Promise<void> {
  const kind = KINDS[event.triggerSource];
  // AccountTakeOverNotification: the pool's threat protection has no notify configuration, so Cognito sends none.
  if (!kind) return logger.warn('custom email sender: a trigger source it does not send', { triggerSource: event.triggerSource });
  const { sub, email } = event.request.userAttributes as Record<string, string | undefined>;
  if (!email || !event.request.code) throw new Error(`${event.triggerSource} came without an e-mail address or code`);
  const code = await parts.decrypt(event.request.code);
  let brand: ClientBrand | null = null;
  try {
    brand = await brandOfPerson({ userId: sub, email }, parts.lookup);
  } catch (error) {
    // A mail in CardCrew's words beats no mail: the person is waiting for the code.
    logger.error('could not read whose brand the Cognito mail carries; sending it in CardCrew’s', { triggerSource: event.triggerSource, error: error as Error });
  }
  await parts.send(cognitoCodeMail({ kind, brand, to: email, code, username: event.userName }));
  if (brand) logger.info('Cognito mail in an agency’s brand', { triggerSource: event.triggerSource, agencyId: brand.agencyId });
}

/** The Lambda entry point (Cognito passes the event; the context is not needed). */
export const handler = (event: CustomEmailSenderTriggerEvent): Promise<void> => sendCognitoMail(event);
