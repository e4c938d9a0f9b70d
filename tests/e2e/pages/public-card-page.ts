// The public card (/card/{id}, spec 1 §2) as a phone shows it, JavaScript on or off.
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';

export class PublicCardPage {
  constructor(readonly page: Page) {}

  async goto(url: string, name: string) {
    await this.page.goto(url);
    await expectOnPage(this.page.getByRole('heading', { name })).toBeVisible();
  }

  readonly call = () => this.page.getByRole('link', { name: 'Call' });
  readonly email = () => this.page.getByRole('link', { name: 'Email' });
  readonly saveContact = () => this.page.getByRole('link', { name: 'Save Contact' });
}
