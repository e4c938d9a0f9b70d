// The business dashboard (spec 2 §2): stats, the employee grid, Add Employee and the Employee Profile dialog.
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';

export interface NewEmployee {
  name: string;
  email: string;
  officePhone?: string;
  jobTitle?: string;
  linkedin?: string;
  status?: 'draft' | 'active' | 'inactive';
}

export class BusinessDashboardPage {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog');

  /** Opens Add Employee, fills what is given and adds the employee; waits for the spec's success toast. */
  async addEmployee(employee: NewEmployee, beforeSubmit?: () => Promise<void>) {
    await this.page.getByRole('button', { name: 'Add Employee' }).first().click();
    const dialog = this.dialog();
    await dialog.getByLabel(/Full Name/).fill(employee.name);
    await dialog.getByLabel(/^Email/).fill(employee.email);
    if (employee.officePhone) await dialog.getByLabel(/Office Phone/).fill(employee.officePhone);
    if (employee.jobTitle) await dialog.getByLabel(/Job Title/).fill(employee.jobTitle);
    if (employee.linkedin) await dialog.getByLabel(/LinkedIn/).fill(employee.linkedin);
    if (employee.status) await dialog.getByLabel(/Status/).selectOption(employee.status);
    await beforeSubmit?.();
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expectOnPage(this.page.getByText('Business card created with QR code!')).toBeVisible();
  }

  /** Opens an employee's profile dialog from the grid. */
  async openEmployee(name: string) {
    await this.page.getByRole('button', { name: new RegExp(`View ${name}`) }).click();
    await expectOnPage(this.dialog()).toBeVisible();
  }

  /** The QR image in the open profile dialog. */
  readonly qrImage = () => this.dialog().locator('img[src*="/media/qr/"]');
}
