// The `customDomains` area Lambda (issue 21 §2): an agency's own domain for its clients' card pages. The only Lambda
// allowed the CloudFront tenant actions, and only on the card-traffic distribution (infra/app-environment.ts).
import { httpHandler } from '../http/http-handler';
import { customDomainsRoutes } from '../../routes/custom-domains';
import { addCustomDomain, listCustomDomains, moveQrCodesToDomain, removeCustomDomain } from './manage-custom-domains';

export const handler = httpHandler(customDomainsRoutes, {
  listCustomDomains: async ({ caller, params }) => listCustomDomains(caller, params.agencyId),
  addCustomDomain: async ({ caller, params, body }) => addCustomDomain(caller, params.agencyId, body.domain),
  moveQrCodesToDomain: async ({ caller, params }) => moveQrCodesToDomain(caller, params.agencyId, params.domainId),
  removeCustomDomain: async ({ caller, params }) => removeCustomDomain(caller, params.agencyId, params.domainId),
});
