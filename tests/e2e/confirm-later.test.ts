// The local user pool behaves like Cognito where cognito-local did not: a person who signs up and leaves before
// confirming can come back later, sign in, get a new code (ResendConfirmationCode) and continue; and the pool's
// password policy refuses weak passwords with Cognito's message. One journey on a 375 px phone, step by step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { AdminGetUserCommand, InitiateAuthCommand, ResendConfirmationCodeCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { cognito, mailbox, origin, runtime, uniqueEmail } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

let session: BrowserSession;
const email = uniqueEmail('later');
const password = 'Later1234!';

beforeAll(async () => {
  session = await openBrowser(phone);
});
afterAll(async () => {
  await session?.browser.close();
});

/** The codes mailed to `to`, oldest first (each mail carries one six-digit code). */
async function codesMailedTo(to: string): Promise<string[]> {
  return (await mailbox())
    .filter((m) => [m.to].flat().includes(to))
    .map((m) => /\b(\d{6})\b/.exec(`${m.body.text ?? ''}`)?.[1] ?? '');
}

/** Waits until `count` codes have reached `to`, and returns them. */
async function waitForCodes(to: string, count: number): Promise<string[]> {
  await expect.poll(async () => (await codesMailedTo(to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return codesMailedTo(to);
}

async function userStatus(username: string) {
  return (await cognito.send(new AdminGetUserCommand({ UserPoolId: runtime.ids.userPoolId, Username: username }))).UserStatus;
}

describe('confirming later, in one journey', () => {
  it('signs up as a Business Owner and leaves without confirming', async () => {
    const context = await session.browser.newContext({ viewport: phone });
    const auth = new AuthPage(await context.newPage());
    await auth.goto();
    await auth.signUp(email, password, 'business');
    await expectOnPage(auth.confirmationCode()).toBeVisible();
    await context.close();
    expect(await waitForCodes(email, 1)).toHaveLength(1);
    expect(await userStatus(email)).toBe('UNCONFIRMED');
  });

  it('comes back later, signs in, gets a new code by mail and continues to business setup', async () => {
    const context = await session.browser.newContext({ viewport: phone });
    const auth = new AuthPage(await context.newPage());
    await auth.goto();
    await auth.signIn(email, password);
    await expectOnPage(auth.confirmationCode()).toBeVisible();
    const codes = await waitForCodes(email, 2);
    expect(codes[1]).not.toBe(codes[0]);
    await shot(auth.page, 'confirm-later-01-new-code');
    await auth.confirm(codes[1]!);
    await auth.page.waitForURL(`${origin}/business-onboarding`);
    expect(await userStatus(email)).toBe('CONFIRMED');
    await context.close();
  });
});

describe('the local user pool, like Cognito', () => {
  it('refuses a weak password at sign-up with Cognito’s message, and creates no user', async () => {
    const weak = uniqueEmail('weak');
    await expect(
      cognito.send(new SignUpCommand({ ClientId: runtime.ids.userPoolClientId, Username: weak, Password: 'a', UserAttributes: [{ Name: 'email', Value: weak }] })),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' });
    await expect(userStatus(weak)).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('shows the refusal on the sign-up page as the provider’s message', async () => {
    const auth = new AuthPage(await session.context.newPage());
    await auth.goto();
    await auth.signUp(uniqueEmail('weak-ui'), 'abc');
    await expectOnPage(auth.message('Password did not conform with policy: Password not long enough')).toBeVisible();
    await shot(auth.page, 'confirm-later-02-weak-password');
    await auth.page.close();
  });

  it('answers a wrong password and an unknown user alike, as a pool that prevents user-existence errors does', async () => {
    const attempt = (username: string, pass: string) =>
      cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: runtime.ids.userPoolClientId, AuthParameters: { USERNAME: username, PASSWORD: pass } }));
    const refusal = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    await expect(attempt(email, 'Wrong1234!')).rejects.toMatchObject(refusal);
    await expect(attempt(uniqueEmail('nobody'), password)).rejects.toMatchObject(refusal);
    expect((await attempt(email, password)).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('refuses to resend a code to a confirmed user or an unknown one, as Cognito does', async () => {
    const resend = (username: string) => cognito.send(new ResendConfirmationCodeCommand({ ClientId: runtime.ids.userPoolClientId, Username: username }));
    await expect(resend(email)).rejects.toMatchObject({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
    await expect(resend(uniqueEmail('nobody'))).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
