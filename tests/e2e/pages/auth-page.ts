// /auth as a user sees it: sign in, sign up with an account type, the confirmation code and the forgotten password.
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { origin } from '../../support/runtime';

export class AuthPage {
  constructor(readonly page: Page) {}

  readonly email = () => this.page.getByLabel('Email');
  readonly password = () => this.page.getByLabel('Password');
  readonly confirmationCode = () => this.page.getByLabel('Confirmation code');

  async goto(redirect?: string) {
    await this.page.goto(`${origin}/auth${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
    await expectOnPage(this.email()).toBeVisible();
  }

  /** Fills the credentials and presses Sign In. */
  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  /** Switches to sign-up, fills it in with the account type and presses Sign Up. */
  async signUp(email: string, password: string, accountType: 'business' | 'agency' = 'business') {
    await this.startSignUp(email, password, accountType);
    await this.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  }

  /** Sign-up filled in, not sent (to look at the helper texts). */
  async startSignUp(email: string, password: string, accountType: 'business' | 'agency') {
    await this.page.getByRole('button', { name: 'Sign up' }).click();
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByLabel('Account Type').selectOption(accountType);
  }

  /** Waits for the confirmation step, enters the code and confirms. */
  async confirm(code: string) {
    await expectOnPage(this.confirmationCode()).toBeVisible();
    await this.confirmationCode().fill(code);
    await this.page.getByRole('button', { name: 'Confirm' }).click();
  }

  /** A toast or inline message with this text. */
  message(text: string | RegExp) {
    return this.page.getByText(text).first();
  }
}
