// The area Lambdas the local API adapter invokes, keyed like routes.ts' `handlerEntries` (an area missing here fails
// to compile, rather than answering 500 locally).
import type { Area } from '../routes';

export async function loadHandlers() {
  const [publicArea, docs, me, business, cardPage, admin, invitations, agency, payments, contacts, billing, agencyBilling, invoiceDocuments, emailSignature, appleWallet, activity, customDomains, directory, leavers] = await Promise.all([
    import('../src/public/handler'),
    import('../src/docs/handler'),
    import('../src/me/handler'),
    import('../src/business/handler'),
    import('../src/card-page/handler'),
    import('../src/admin/handler'),
    import('../src/invitations/handler'),
    import('../src/agency/handler'),
    import('../src/invoices/payments-handler'),
    import('../src/contacts/handler'),
    import('../src/billing/handler'),
    import('../src/agency-billing/handler'),
    import('../src/invoice-documents/handler'),
    import('../src/email-signature/handler'),
    import('../src/apple-wallet/handler'),
    import('../src/leavers/handler'),
    import('../src/audit/handler'),
    import('../src/directory/handler'),
    import('../src/custom-domains/handler'),
  ]);
  const handlers = {
    public: publicArea.handler,
    docs: docs.handler,
    me: me.handler,
    business: business.handler,
    cardPage: cardPage.handler,
    admin: admin.handler,
    invitations: invitations.handler,
    agency: agency.handler,
    payments: payments.handler,
    contacts: contacts.handler,
    billing: billing.handler,
    agencyBilling: agencyBilling.handler,
    leavers: leavers.handler,
    invoiceDocuments: invoiceDocuments.handler,
    emailSignature: emailSignature.handler,
    appleWallet: appleWallet.handler,
    directory: directory.handler,
    activity: activity.handler,
    customDomains: customDomains.handler,
  } satisfies Record<Area, unknown>;
  return handlers as Record<Area, never>;
}
