// Cascade delete of a business (issue 10 §3): a business with everything a business collects — employees and cards
// (one linked through an invitation), scans by day, a device registered for a card's Apple Wallet pass, a logo and a photo, QR images, an agency link, invoices paid and
// unpaid, a monthly guard, single sign-on (a verified and a pending domain claim, an identity provider) — is deleted
// by an admin. Afterwards a scan of the table finds nothing of it but its paid invoice, its media prefixes are empty,
// its identity provider is gone from the user pool, another business can prove its domain, and its people are signed
// out. A failed sign-out (forced) is only reported.
import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient, DescribeIdentityProviderCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, origin, runtime, tables, uniqueDomain, uniqueEmail, scanCard } from '../support/runtime';
import { claimAndProveDomain, LOCAL_OIDC_CLIENT, localOidcIssuer, removeTxtRecord } from '../support/sso-stand-ins';
import { itemsMentioning } from '../support/table-fingerprint';
import { confirmUpload, mediaKeys, uploadPng } from '../support/uploads';
import { invite } from '../support/invitations';
import { closeThroughToday } from '../support/scan-close';

const prefixes = (businessId: string) => ['qr', 'logos', 'photos', 'uploads', 'signature-qr'].map((p) => `${p}/${businessId}/`);

/** A business with one of everything, built through the API where a user would build it. */
async function fullBusiness(admin: Awaited<ReturnType<typeof createUser>>) {
  const owned = await createOwnerWithBusiness({ name: 'Doomed Co' });
  const { owner, business } = owned;
  const active = await addEmployee(owner, business.id, { status: 'active' });
  const email = uniqueEmail('linked');
  const linked = await addEmployee(owner, business.id, { status: 'draft', email });
  const token = await invite(owned, linked.id, email);
  const employeeUser = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: employeeUser })).status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await scanCard(active.card.id)).status).toBe(200);
  // Closed into the card's total and the business's day (issue 25 §2), as scans of past days are.
  await closeThroughToday(business.id);
  // A leaver deleted since (their tombstone, issue 23 §2).
  const leaver = await addEmployee(owner, business.id, { status: 'active' });
  expect((await api('POST', `/api/businesses/${business.id}/employees/${leaver.id}/deactivate`, { user: owner, body: {} })).status).toBe(200);
  expect((await api('DELETE', `/api/businesses/${business.id}/employees/${leaver.id}`, { user: owner })).status).toBe(204);
  expect((await confirmUpload(owner, business.id, await uploadPng(owner, business.id, 'logo'))).status).toBe(200);
  expect((await confirmUpload(owner, business.id, await uploadPng(owner, business.id, 'photo', active.id))).status).toBe(200);
  const db = await tables();
  await db.agencyClient.create({ agencyId: `agency-of-${business.id}`, businessId: business.id }).go();
  // A device that registered the active card's Apple Wallet pass for updates (PassKit; serial number = card id).
  await db.passRegistration.create({ deviceLibraryIdentifier: `device-of-${business.id}`, passTypeIdentifier: 'pass.example.cardcrew', serialNumber: active.card.id, pushToken: 'push-token' }).go();
  const invoice = async () => (await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount: 10, dueDate: '2031-06-30' } })).body.invoice.id as string;
  const paidInvoice = await invoice();
  expect((await api('PUT', `/api/admin/invoices/${paidInvoice}/status`, { user: admin, body: { status: 'paid' } })).status).toBe(200);
  const unpaidInvoice = await invoice();
  const { createNumberedInvoice } = await import('../../functions/src/invoices/billing-repository');
  await createNumberedInvoice({ invoiceId: `monthly-${business.id}`, businessId: business.id, businessName: 'Doomed Co', amountCents: 398, currency: 'USD', dueDate: '2099-02-01', status: 'pending', billingPeriod: '2099-01' }, { year: 2099, guard: { period: '2099-01' } });
  // Single sign-on: a verified domain, a pending one and an OIDC provider.
  const ssoDomain = uniqueDomain('doomed');
  const proven = await claimAndProveDomain(owner, business.id, ssoDomain);
  expect(proven.check.status, proven.check.text).toBe(200);
  await removeTxtRecord(proven.txtRecord.name);
  expect((await api('POST', `/api/businesses/${business.id}/sso/domains`, { user: owner, body: { domain: uniqueDomain('doomed-pending') } })).status).toBe(201);
  const sso = await api('PUT', `/api/businesses/${business.id}/sso/provider`, { user: owner, body: { type: 'OIDC', issuer: localOidcIssuer, clientId: LOCAL_OIDC_CLIENT.clientId, clientSecret: LOCAL_OIDC_CLIENT.clientSecret } });
  expect(sso.status, sso.text).toBe(200);
  // Per-card and per-user items name the card or the employee, not the business.
  const ids = [business.id, active.id, active.card.id, linked.id, linked.card.id, leaver.card.id, employeeUser.sub];
  return { owner, business, active, employeeUser, paidInvoice, unpaidInvoice, ids, ssoDomain, providerName: sso.body.provider.providerName as string };
}

/** The user pool's identity provider of that name, or null once it is deleted. */
async function identityProvider(ProviderName: string) {
  try {
    return (await cognito.send(new DescribeIdentityProviderCommand({ UserPoolId: runtime.ids.userPoolId, ProviderName }))).IdentityProvider ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

describe('cascade delete', () => {
  it('leaves no item or object of the business but its paid invoice, and signs its people out', async () => {
    const admin = await createUser({ groups: ['admin'] });
    const { owner, business, active, employeeUser, paidInvoice, unpaidInvoice, ids, ssoDomain, providerName } = await fullBusiness(admin);
    // The employee's own profile stays (a person outlives a business); everything else that names these ids goes.
    const ofBusiness = async () => (await itemsMentioning(...ids)).filter((item) => item.__edb_e__ !== 'profile');
    const before = await ofBusiness();
    const kinds = new Set(before.map((item) => item.__edb_e__));
    for (const kind of ['business', 'businessScanTotal', 'employee', 'card', 'cardScanTotal', 'cardScanDay', 'businessScanDay', 'employeeEmailGuard', 'membership', 'billingEmailGuard', 'businessOwnerGuard', 'invitation', 'employeeUserGuard', 'agencyClient', 'invoice', 'invoiceGuard', 'auditEntry', 'leaver', 'passRegistration', 'ssoDomain', 'ssoDomainHolder', 'ssoConnection']) {
      expect(kinds, kind).toContain(kind);
    }
    // The employee's e-mail signature images go too: its QR image and the PNG copies of the photo and logo (Outlook
    // shows no WebP).
    expect((await api('GET', `/api/cards/${active.card.id}/email-signature`, { user: owner })).status).toBe(200);
    const objectsBefore = (await Promise.all(prefixes(business.id).map(mediaKeys))).flat();
    expect(objectsBefore.filter((key) => key.startsWith(`signature-qr/${business.id}/${active.card.id}/`))).toHaveLength(3);
    expect(objectsBefore.length).toBeGreaterThanOrEqual(11); // QR PNG + SVG per card, logo and photo renditions, signature QR

    const res = await api('DELETE', `/api/admin/businesses/${business.id}`, { user: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ businessId: business.id, name: 'Doomed Co', deletedObjects: objectsBefore.length, keptPaidInvoices: 1, sessionsRevoked: true });
    expect(res.body.deletedItems).toBe(before.length - 1);

    const after = await ofBusiness();
    expect(after.map((item) => [item.__edb_e__, item.invoiceId, item.status])).toEqual([['invoice', paidInvoice, 'paid']]);
    const db = await tables();
    expect((await db.invoice.get({ invoiceId: unpaidInvoice }).go()).data).toBeNull();
    expect((await Promise.all(prefixes(business.id).map(mediaKeys))).flat()).toEqual([]);
    expect((await fetch(`${origin}/card/${active.card.id}`)).status).toBe(404);
    // Its identity provider is gone, and its verified domain no longer blocks a business that proves it.
    expect(await identityProvider(providerName)).toBeNull();
    const domainOwner = await createOwnerWithBusiness({ name: 'Domain Owner Co' });
    const proven = await claimAndProveDomain(domainOwner.owner, domainOwner.business.id, ssoDomain);
    await removeTxtRecord(proven.txtRecord.name);
    expect(proven.check.status, proven.check.text).toBe(200);
    expect(proven.check.body.state).toBe('verified');
    expect((await db.ssoDomainHolder.get({ domain: ssoDomain }).go()).data?.businessId).toBe(domainOwner.business.id);

    // The owner and the linked employee are signed out: their tokens are refused.
    expect((await api('POST', '/api/me', { user: owner, body: {} })).status).toBe(401);
    expect((await api('POST', '/api/me', { user: employeeUser, body: {} })).status).toBe(401);
    expect((await api('DELETE', `/api/admin/businesses/${business.id}`, { user: admin })).status).toBe(404);
  });

  it('reports a sign-out that failed (forced at Cognito) and still deletes the business', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Half Revoked Co' });
    await addEmployee(owner, business.id, { status: 'active' });
    const { deleteBusiness } = await import('../../functions/src/admin/delete-business');
    const cognito = mockClient(CognitoIdentityProviderClient);
    cognito.on(ListUsersCommand).resolves({ Users: [{ Username: owner.email }] });
    cognito.on(AdminUserGlobalSignOutCommand).rejects(new Error('Cognito is unavailable'));
    try {
      const result = await deleteBusiness(business.id);
      expect(result).toMatchObject({ businessId: business.id, sessionsRevoked: false });
    } finally {
      cognito.restore();
    }
    expect(await itemsMentioning(business.id)).toEqual([]);
    // Our own cut-off was written before Cognito failed: the owner's token is refused all the same.
    expect((await api('POST', '/api/me', { user: owner, body: {} })).status).toBe(401);
  });

  it('deletes an agency client without touching the agency or signing its owner out', async () => {
    const admin = await createUser({ groups: ['admin'] });
    const { agencyWithSettings, addClient } = await import('../support/agencies');
    const { user: agency, agencyId } = await agencyWithSettings();
    const client = await addClient(agency, 'Client To Go');
    expect((await api('DELETE', `/api/admin/businesses/${client}`, { user: admin })).status).toBe(200);
    const db = await tables();
    expect((await db.agency.get({ agencyId }).go()).data).not.toBeNull();
    expect((await db.agencyClient.get({ agencyId, businessId: client }).go()).data).toBeNull();
    expect((await api('GET', '/api/agency', { user: agency })).body.clients).toEqual([]);
  });
});
