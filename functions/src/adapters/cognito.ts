// Cognito admin calls: the API (never the browser) sets custom:account_type and keeps groups in step.
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localClientOptions, runtimeConfig, userPoolConfig } from '../config';
import { lazy } from '../lib/lazy';
import type { AccountType } from '../../../shared/schemas/me';
import { cognitoSdk } from './sdk';

/** The user pool's admin client; the SDK loads with it, on first use (functions/src/adapters/sdk.ts). */
export const cognito = lazy(async (): Promise<CognitoIdentityProviderClient> => {
  const { CognitoIdentityProviderClient } = await cognitoSdk();
  return new CognitoIdentityProviderClient({ region: runtimeConfig().AWS_REGION, ...localClientOptions(userPoolConfig().COGNITO_ENDPOINT) });
});

/** Only business and agency may be chosen by a user; employee is set by the API on invitation acceptance. */
export async function setAccountTypeAttribute(username: string, accountType: Exclude<AccountType, 'admin'>): Promise<void> {
  const { AdminUpdateUserAttributesCommand } = await cognitoSdk();
  await (await cognito()).send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolConfig().USER_POOL_ID,
      Username: username,
      UserAttributes: [{ Name: 'custom:account_type', Value: accountType }],
    }),
  );
}

export async function addUserToGroup(username: string, group: 'owner' | 'employee' | 'admin'): Promise<void> {
  const { AdminAddUserToGroupCommand } = await cognitoSdk();
  await (await cognito()).send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, Username: username, GroupName: group }));
}

/**
 * Cognito's global sign-out of the user with this sub (their refresh tokens stop working). False when the pool has no
 * such user.
 */
export async function globalSignOut(userId: string): Promise<boolean> {
  const UserPoolId = userPoolConfig().USER_POOL_ID;
  const [{ AdminUserGlobalSignOutCommand, ListUsersCommand }, client] = await Promise.all([cognitoSdk(), cognito()]);
  const { Users } = await client.send(new ListUsersCommand({ UserPoolId, Filter: `sub = "${userId.replace(/["\\]/g, '')}"`, Limit: 1 }));
  const username = Users?.[0]?.Username;
  if (username) await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: username }));
  return Boolean(username);
}
