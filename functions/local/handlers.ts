// The area Lambdas the local API adapter invokes, keyed like routes.ts' `handlerEntries` (an area missing here fails
// to compile, rather than answering 500 locally). Keyed, not positional, so an area can never get another's handler.
import type { Area } from '../routes';

export async function loadHandlers() {
  const modules = {
    public: import('../src/public/handler'),
    docs: import('../src/docs/handler'),
    me: import('../src/me/handler'),
    business: import('../src/business-api/handler'),
    cardPage: import('../src/card-page/handler'),
    admin: import('../src/admin/handler'),
    invitations: import('../src/invitations/handler'),
    agency: import('../src/agency/handler'),
    payments: import('../src/payments/handler'),
    contacts: import('../src/contacts/handler'),
    billing: import('../src/billing/handler'),
    agencyBilling: import('../src/agency-billing/handler'),
    invoiceDocuments: import('../src/invoice-documents/handler'),
    emailSignature: import('../src/email-signature/handler'),
    appleWallet: import('../src/apple-wallet/handler'),
    activity: import('../src/audit/handler'),
    customDomains: import('../src/custom-domains/handler'),
    sendingDomains: import('../src/sending-domains/handler'),
    stripeConnect: import('../src/stripe-connect/handler'),
    directory: import('../src/directory/handler'),
    leavers: import('../src/leavers/handler'),
    sso: import('../src/sso/handler'),
    webhooks: import('../src/webhooks/handler'),
  } satisfies Record<Area, Promise<{ handler: unknown }>>;
  const loaded = await Promise.all(Object.entries(modules).map(async ([area, module]) => [area, (await module).handler] as const));
  return Object.fromEntries(loaded) as Record<Area, never>;
}
