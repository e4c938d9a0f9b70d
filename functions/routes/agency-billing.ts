// An agency's billing (issue 20 §1, §2): its consolidated invoices and volume tier, and who pays for each client —
// the `agencyBilling` area's routes (functions/routes.ts combines every area's).
import { agencyBillingSchema, clientBillingInputSchema, clientBillingSchema } from '../../shared/schemas/agency-billing';
import { defineRoutes } from './define';

export const agencyBillingRoutes = defineRoutes('agencyBilling', {
  getAgencyBilling: { method: 'GET', path: '/api/agency/billing', auth: 'user', throttle: 'standard', summary: "The agency's invoices newest first, and its volume tier with the users that reach the next", response: agencyBillingSchema },
  setClientBilling: { method: 'PUT', path: '/api/businesses/{businessId}/billed-to', auth: 'user', throttle: 'standard', summary: 'Who pays for a client: its agency (on the monthly agency invoice) or the client directly; the agency or an admin', body: clientBillingInputSchema, response: clientBillingSchema, scoped: true },
});
