// The user pool's pre-sign-up trigger (issue 12 §3, "one person, one account"). A Google sign-in whose e-mail Google
// marks verified is linked to the password account with that e-mail, so the person lands in the account that holds
// their business, roles and groups; an unverified e-mail is never linked (it gets an account of its own). A password
// sign-up for an e-mail that already signs in with Google is refused with a clear message. The same code runs in AWS
// (a Lambda trigger) and locally (called in-process by functions/local/cognito.ts and hosted-ui.ts).
import {
  AdminLinkProviderForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { messages } from '../../../shared/messages';
import { localClientOptions, runtimeConfig } from '../config';
import { logger } from '../lib/logger';
import { parseSsoUserName } from '../sso/provider-name';
import { ssoSignUpRefusal } from '../sso/sign-in-rules';

/** The two user pool calls linking needs (and the only ones the trigger's role may make). */
export interface UserDirectory {
  usersWithEmail(userPoolId: string, email: string): Promise<UserType[]>;
  linkProviderToUser(userPoolId: string, nativeUsername: string, provider: { name: string; subject: string }): Promise<void>;
}

/** The federated user name Cognito gives a Google user: `Google_<sub>` (or lower-case `google_<sub>`). */
export function parseFederatedUserName(userName: string): { name: string; subject: string } | null {
  const match = /^(google)_(.+)$/i.exec(userName);
  return match ? { name: 'Google', subject: match[2]! } : null;
}

const isFederated = (user: UserType) => user.UserStatus === 'EXTERNAL_PROVIDER' || parseFederatedUserName(user.Username ?? '') !== null;

export async function preSignUp(event: PreSignUpTriggerEvent, directory: UserDirectory): Promise<PreSignUpTriggerEvent> {
  const email = event.request.userAttributes.email?.trim();
  if (event.triggerSource === 'PreSignUp_ExternalProvider' && parseSsoUserName(event.userName)) {
    // A first sign-in through a business's own provider (issue 24): its verified domains, an employee (or creating
    // one allowed); it is never linked to a password account here (the employee link happens at the first /api/me).
    const refusal = await ssoSignUpRefusal(event.userName, email);
    if (refusal) throw new Error(refusal);
    return event;
  }

  if (!email) return event;

  if (event.triggerSource === 'PreSignUp_ExternalProvider') {
    const provider = parseFederatedUserName(event.userName);
    // Never link an address the provider has not verified: anyone can put any address on a Google account.
    if (!provider || event.request.userAttributes.email_verified !== 'true') return event;
    // Only a confirmed password account: an unconfirmed sign-up with this address proves nobody owns it (whoever
    // typed it may not be this person), so the Google user gets an account of their own instead.
    const native = (await directory.usersWithEmail(event.userPoolId, email)).find((u) => !isFederated(u) && u.UserStatus === 'CONFIRMED');
    if (native?.Username) {
      await directory.linkProviderToUser(event.userPoolId, native.Username, provider);
      logger.info('linked a Google sign-in to the password account with the same verified e-mail', { userPoolId: event.userPoolId });
    }
    return event;
  }

  if (event.triggerSource === 'PreSignUp_SignUp') {
    const federated = (await directory.usersWithEmail(event.userPoolId, email)).some(isFederated);
    if (federated) throw new Error(messages.auth.signsInWithGoogle);
  }
  return event;
}

/** The Cognito admin API as the trigger's directory (a local endpoint when COGNITO_ENDPOINT is set). */
export function cognitoUserDirectory(client = new CognitoIdentityProviderClient({ region: runtimeConfig().AWS_REGION, ...localClientOptions(process.env.COGNITO_ENDPOINT) })): UserDirectory {
  return {
    async usersWithEmail(userPoolId, email) {
      const filterValue = email.replace(/["\\]/g, '');
      const { Users } = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${filterValue}"`, Limit: 10 }));
      return (Users ?? []).filter((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === email.toLowerCase()));
    },
    async linkProviderToUser(userPoolId, nativeUsername, provider) {
      await client.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: userPoolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: nativeUsername },
          SourceUser: { ProviderName: provider.name, ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: provider.subject },
        }),
      );
    },
  };
}

let directory: UserDirectory | undefined;

/** The Lambda entry point Cognito invokes. */
export const handler = (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => preSignUp(event, (directory ??= cognitoUserDirectory()));
