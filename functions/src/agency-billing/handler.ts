// The `agencyBilling` area Lambda: an agency's invoices and volume tier, who pays for each client (issue 20), and the
// per-client white-label override (issue 21 §1): the choices kept on the agency–client link.
import { httpHandler } from '../http/http-handler';
import { agencyBillingRoutes } from '../../routes/agency-billing';
import { getAgencyBilling } from './get-agency-billing';
import { setClientBilling } from './set-client-billing';
import { setClientWhiteLabel } from '../white-label/set-client-white-label';

export const handler = httpHandler(agencyBillingRoutes, {
  getAgencyBilling: async ({ caller }) => getAgencyBilling(caller),
  setClientBilling: async ({ caller, params, body }) => setClientBilling(caller, params.businessId, body),
  setClientWhiteLabel: async ({ caller, params, body }) => setClientWhiteLabel(caller, params.businessId, body),
});
