// /business-onboarding (spec 1 §2): the company and billing form that creates the owner's business.
import type { Page } from 'playwright-core';

export interface BusinessSetup {
  company: string;
  website?: string;
  billingEmail?: string;
  city: string;
  country: string;
  postalCode: string;
}

export class BusinessOnboardingPage {
  constructor(readonly page: Page) {}

  readonly billingEmail = () => this.page.getByLabel(/Billing Email/);

  async fill(setup: BusinessSetup) {
    await this.page.getByLabel(/Company Name/).fill(setup.company);
    if (setup.website) await this.page.getByLabel(/Website/).fill(setup.website);
    if (setup.billingEmail) await this.billingEmail().fill(setup.billingEmail);
    await this.page.getByLabel(/City/).fill(setup.city);
    await this.page.getByLabel(/Country/).selectOption(setup.country);
    await this.page.getByLabel(/Postal Code/).fill(setup.postalCode);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Create Business' }).click();
  }
}
