// Custom domains for agencies (issue 21 §2): the `customDomains` area's routes (functions/routes.ts combines every area's).
import { addCustomDomainSchema, customDomainListSchema, customDomainSchema, removedCustomDomainSchema } from '../../shared/schemas/custom-domain';
import { defineRoutes } from './define';

export const customDomainsRoutes = defineRoutes('customDomains', {
  listCustomDomains: {
    method: 'GET',
    path: '/api/agencies/{agencyId}/domains',
    auth: 'user',
    throttle: 'standard',
    summary: "The agency's custom domain with its state (read back from CloudFront at most every few seconds), the DNS record to create and the number of cards whose QR codes point at it",
    response: customDomainListSchema,
    scoped: true,
  },
  addCustomDomain: {
    method: 'POST',
    path: '/api/agencies/{agencyId}/domains',
    auth: 'user',
    throttle: 'strict',
    summary: 'Adds a domain the agency controls (one per agency; a domain belongs to one agency): a CloudFront distribution tenant with a managed certificate',
    body: addCustomDomainSchema,
    response: customDomainSchema,
    creates: true,
    scoped: true,
  },
  moveQrCodesToDomain: {
    method: 'POST',
    path: '/api/agencies/{agencyId}/domains/{domainId}/move-qr-codes',
    auth: 'user',
    throttle: 'strict',
    summary: "Gives the active domain's clients' cards whose QR codes encode the platform's address new ones with the domain (the platform's address keeps working); 409 while the domain is not active",
    response: customDomainSchema,
    scoped: true,
  },
  removeCustomDomain: {
    method: 'DELETE',
    path: '/api/agencies/{agencyId}/domains/{domainId}',
    auth: 'user',
    throttle: 'strict',
    summary: "Removes the domain: cards whose QR codes point at it get new ones with the platform URL, then its tenant is disabled and deleted",
    response: removedCustomDomainSchema,
    scoped: true,
  },
});
