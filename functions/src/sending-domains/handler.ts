// The `sendingDomains` area Lambda: an agency's own sending domain. The only Lambda allowed SES's identity actions
// (create, read, delete; infra/app-environment.ts).
import { httpHandler } from '../http/http-handler';
import { sendingDomainsRoutes } from '../../routes/sending-domains';
import { addSendingDomain, getAgencySendingDomain, removeSendingDomain } from './manage-sending-domain';

export const handler = httpHandler(sendingDomainsRoutes, {
  getSendingDomain: async ({ caller, params }) => getAgencySendingDomain(caller, params.agencyId),
  addSendingDomain: async ({ caller, params, body }) => addSendingDomain(caller, params.agencyId, body.domain),
  removeSendingDomain: async ({ caller, params }) => removeSendingDomain(caller, params.agencyId),
});
