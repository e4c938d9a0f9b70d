// The `agencyBilling` area Lambda: an agency's invoices and volume tier, and who pays for each client (issue 20).
import { httpHandler } from '../lib/http-handler';
import { agencyBillingRoutes } from '../../routes/agency-billing';
import { getAgencyBilling } from './get-agency-billing';
import { setClientBilling } from './set-client-billing';

export const handler = httpHandler(agencyBillingRoutes, {
  getAgencyBilling: async ({ caller }) => getAgencyBilling(caller),
  setClientBilling: async ({ caller, params, body }) => setClientBilling(caller, params.businessId, body),
});
