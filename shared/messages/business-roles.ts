// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Issue 41: the business roles beside a card (Employee Profile dialog, Add Employee, the Activity section). */
export const businessRoleMessages = {
  labels: { employee: 'Employee', admin: 'Admin', billing: 'Billing contact', owner: 'Owner' },
  /** What each role may do, under the Role field. */
  descriptions: {
    employee: 'Their own card and profile only.',
    admin: 'Everything the owner can do except hand over ownership.',
    billing: 'Invoices and payments; no employee data.',
    owner: 'Runs the business.',
  },
  billingOnlyTitle: 'Company billing',
  billingOnlyDescription: 'As billing contact you see your company’s invoices and pay them. Employees and settings are for the owner and admins.',
} as const;
