// The `agencyBilling` area Lambda: an agency's invoices and volume tier, and the choices kept on the agency–client link:
// who pays for each client (issue 20), the agency's price for it, and its white-label override (issue 21 §1).
import { httpHandler } from '../http/http-handler';
import { agencyBillingRoutes } from '../../routes/agency-billing';
import { getAgencyBilling } from './get-agency-billing';
import { setClientBilling } from './set-client-billing';
import { setClientPrice } from './set-client-price';
import { setClientWhiteLabel } from '../white-label/set-client-white-label';

export const handler = httpHandler(agencyBillingRoutes, {
  getAgencyBilling: async ({ caller }) => getAgencyBilling(caller),
  setClientBilling: async ({ caller, params, body }) => setClientBilling(caller, params.businessId, body),
  setClientPrice: async ({ caller, params, body }) => setClientPrice(caller, params.businessId, body),
  setClientWhiteLabel: async ({ caller, params, body }) => setClientWhiteLabel(caller, params.businessId, body),
});
