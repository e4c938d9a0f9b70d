// An agency's billing (issue 20 §1, §2): its consolidated invoices and volume tier, and who pays for each client —
// and, also a choice on the agency–client link, white-label for each client (issue 21 §1) — the `agencyBilling` area's
// routes (functions/routes.ts combines every area's).
import { agencyBillingSchema, clientBillingInputSchema, clientBillingSchema, clientPriceInputSchema, clientPriceSchema } from '../../shared/schemas/agency-billing';
import { clientWhiteLabelInputSchema, clientWhiteLabelSchema } from '../../shared/schemas/agency';
import { defineRoutes } from './define';

export const agencyBillingRoutes = defineRoutes('agencyBilling', {
  getAgencyBilling: { method: 'GET', path: '/api/agency/billing', auth: 'user', throttle: 'standard', summary: "The agency's invoices newest first, and its volume tier with the users that reach the next", response: agencyBillingSchema },
  setClientBilling: { method: 'PUT', path: '/api/businesses/{businessId}/billed-to', auth: 'user', throttle: 'standard', summary: 'Who pays for a client: its agency (on the monthly agency invoice) or the client directly; the agency or an admin', body: clientBillingInputSchema, response: clientBillingSchema, scoped: true },
  setClientPrice: { method: 'PUT', path: '/api/businesses/{businessId}/price', auth: 'user', throttle: 'standard', summary: "The agency's price for a client per user per month in cents (null: the list price); only the agency that manages the client", body: clientPriceInputSchema, response: clientPriceSchema, scoped: true },
  setClientWhiteLabel: { method: 'PUT', path: '/api/businesses/{businessId}/white-label', auth: 'user', throttle: 'standard', summary: "White-label for one client: follow the agency's switch, on or off; puts the agency's brand on the client or takes it off; the agency or an admin", body: clientWhiteLabelInputSchema, response: clientWhiteLabelSchema, scoped: true },
});
