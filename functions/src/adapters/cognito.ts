// Cognito admin calls: the API (never the browser) sets custom:account_type and keeps groups in step.
import {
  AdminAddUserToGroupCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { localClientOptions, runtimeConfig, userPoolConfig } from '../config';
import type { AccountType } from '../../../shared/schemas/me';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  const c = userPoolConfig();
  client ??= new CognitoIdentityProviderClient({ region: runtimeConfig().AWS_REGION, ...localClientOptions(c.COGNITO_ENDPOINT) });
  return client;
}

/** Only business and agency may be chosen by a user; employee is set by the API on invitation acceptance. */
export async function setAccountTypeAttribute(username: string, accountType: Exclude<AccountType, 'admin'>): Promise<void> {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolConfig().USER_POOL_ID,
      Username: username,
      UserAttributes: [{ Name: 'custom:account_type', Value: accountType }],
    }),
  );
}

export async function addUserToGroup(username: string, group: 'owner' | 'employee' | 'admin'): Promise<void> {
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, Username: username, GroupName: group }));
}
