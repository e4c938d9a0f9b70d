import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { parseFederatedUserName, preSignUp, type UserDirectory } from './pre-sign-up';

const POOL = 'us-east-1_pool';

function makeEvent(overrides: { triggerSource: PreSignUpTriggerEvent['triggerSource']; userName?: string; email?: string; emailVerified?: string }): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: POOL,
    triggerSource: overrides.triggerSource,
    userName: overrides.userName ?? 'Google_1234567890',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: { userAttributes: { email: overrides.email ?? 'sam@example.com', ...(overrides.emailVerified ? { email_verified: overrides.emailVerified } : {}) } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

const nativeUser: UserType = { Username: 'a1b2-native', UserStatus: 'CONFIRMED', Attributes: [{ Name: 'email', Value: 'sam@example.com' }] };
const googleUser: UserType = { Username: 'google_999', UserStatus: 'EXTERNAL_PROVIDER', Attributes: [{ Name: 'email', Value: 'sam@example.com' }] };

function makeDirectory(users: UserType[]) {
  const links: { pool: string; username: string; provider: { name: string; subject: string } }[] = [];
  const directory: UserDirectory = {
    usersWithEmail: async () => users,
    linkProviderToUser: async (pool, username, provider) => void links.push({ pool, username, provider }),
  };
  return { directory, links };
}

describe('pre-sign-up trigger', () => {
  it('links a Google sign-in with a verified e-mail to the password account with that e-mail', async () => {
    const { directory, links } = makeDirectory([nativeUser]);
    const event = makeEvent({ triggerSource: 'PreSignUp_ExternalProvider', emailVerified: 'true' });
    await expect(preSignUp(event, directory)).resolves.toBe(event);
    expect(links).toEqual([{ pool: POOL, username: 'a1b2-native', provider: { name: 'Google', subject: '1234567890' } }]);
  });

  it('never links an e-mail Google does not mark verified', async () => {
    for (const emailVerified of ['false', undefined]) {
      const { directory, links } = makeDirectory([nativeUser]);
      await preSignUp(makeEvent({ triggerSource: 'PreSignUp_ExternalProvider', ...(emailVerified ? { emailVerified } : {}) }), directory);
      expect(links).toEqual([]);
    }
  });

  it('never links to a password sign-up that was not confirmed (nobody proved they own the address)', async () => {
    const { directory, links } = makeDirectory([{ ...nativeUser, UserStatus: 'UNCONFIRMED' }]);
    await preSignUp(makeEvent({ triggerSource: 'PreSignUp_ExternalProvider', emailVerified: 'true' }), directory);
    expect(links).toEqual([]);
  });

  it('lets a Google sign-in with no password account of that e-mail through unlinked', async () => {
    const { directory, links } = makeDirectory([googleUser]);
    await preSignUp(makeEvent({ triggerSource: 'PreSignUp_ExternalProvider', emailVerified: 'true' }), directory);
    expect(links).toEqual([]);
  });

  it('refuses a password sign-up for an e-mail that already signs in with Google', async () => {
    const { directory } = makeDirectory([googleUser]);
    await expect(preSignUp(makeEvent({ triggerSource: 'PreSignUp_SignUp', userName: 'sam@example.com' }), directory)).rejects.toThrow(messages.auth.signsInWithGoogle);
  });

  it('lets a password sign-up through when no Google account has the e-mail', async () => {
    const { directory, links } = makeDirectory([]);
    const event = makeEvent({ triggerSource: 'PreSignUp_SignUp', userName: 'sam@example.com' });
    await expect(preSignUp(event, directory)).resolves.toBe(event);
    expect(links).toEqual([]);
  });

  it('reads the provider and subject from the federated user name', () => {
    expect(parseFederatedUserName('Google_117')).toEqual({ name: 'Google', subject: '117' });
    expect(parseFederatedUserName('google_117')).toEqual({ name: 'Google', subject: '117' });
    expect(parseFederatedUserName('sam@example.com')).toBeNull();
  });
});
