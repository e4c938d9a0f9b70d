// An agency's own sending domain: the `sendingDomains` area's routes (functions/routes.ts combines every area's).
import { addSendingDomainSchema, removedSendingDomainSchema, sendingDomainSchema, sendingDomainViewSchema } from '../../shared/schemas/sending-domain';
import { defineRoutes } from './define';

export const sendingDomainsRoutes = defineRoutes('sendingDomains', {
  getSendingDomain: {
    method: 'GET',
    path: '/api/agencies/{agencyId}/sending-domain',
    auth: 'user',
    throttle: 'standard',
    summary: "The agency's sending domain (or null) with its state read back from SES at most every few seconds, and the three DKIM CNAME records to publish",
    response: sendingDomainViewSchema,
    scoped: true,
  },
  addSendingDomain: {
    method: 'POST',
    path: '/api/agencies/{agencyId}/sending-domain',
    auth: 'user',
    throttle: 'strict',
    summary: "Adds the agency's sending domain (one per agency; a domain belongs to one agency): an SES domain identity with Easy DKIM. Its clients' mails go from no-reply@ it once SES has verified it",
    body: addSendingDomainSchema,
    response: sendingDomainSchema,
    creates: true,
    scoped: true,
  },
  removeSendingDomain: {
    method: 'DELETE',
    path: '/api/agencies/{agencyId}/sending-domain',
    auth: 'user',
    throttle: 'strict',
    summary: "Removes the sending domain: its clients' mails go from the platform's address again, then the SES identity is deleted",
    response: removedSendingDomainSchema,
    scoped: true,
  },
});
