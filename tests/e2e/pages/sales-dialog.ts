// The 'Contact Our Sales Team' dialog (spec 1 §2), opened from any Contact Sales button.
import { expect as expectOnPage } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';

export interface SalesEnquiry {
  company: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  zipCode?: string;
  message?: string;
}

export class SalesDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Contact Our Sales Team' });
  }

  /** Opens the dialog from a Contact Sales button (the last one on the page by default) and waits for it. */
  async open(button: Locator = this.page.getByRole('button', { name: 'Contact Sales' }).last()) {
    await button.click();
    await expectOnPage(this.dialog).toBeVisible();
  }

  field(label: string) {
    return this.dialog.getByLabel(label);
  }

  async fill(enquiry: SalesEnquiry) {
    await this.field('Company Name').fill(enquiry.company);
    await this.field('Contact Person').fill(enquiry.contactPerson);
    await this.field('Email').fill(enquiry.email);
    await this.field('Phone').fill(enquiry.phone);
    await this.field('Address').fill(enquiry.address);
    await this.field('City').fill(enquiry.city);
    if (enquiry.zipCode !== undefined) await this.field('Zip Code').fill(enquiry.zipCode);
    await this.field('Country').fill(enquiry.country);
    if (enquiry.message !== undefined) await this.field('Message').fill(enquiry.message);
  }

  async send() {
    await this.dialog.getByRole('button', { name: 'Send Message' }).click();
  }
}
