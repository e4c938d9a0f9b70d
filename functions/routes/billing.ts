// A business's own billing (issue 27 §2): its invoices for its owner, the agency managing it and admins: the `billing`
// area's routes (functions/routes.ts combines every area's).
import { invoiceSchema } from '../../shared/schemas/invoice';
import * as z from '../../shared/zod';
import { defineRoutes } from './define';

export const billingRoutes = defineRoutes('billing', {
  listBusinessInvoices: { method: 'GET', path: '/api/businesses/{businessId}/invoices', auth: 'user', throttle: 'standard', summary: "The business's invoices, newest first: its owner, the agency managing it and admins", response: z.array(invoiceSchema), scoped: true },
});
