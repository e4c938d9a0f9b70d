// The people (and forged tokens) the authorization and hostile-input suites call the API as, over one shared
// world: business A and business B, each with an employee (linked to a user) and a card, an Admin and a Billing contact
// of A (employees of A with cards, holding those business roles), an agency that manages A and one that does not.
import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { SignJWT, decodeJwt } from 'jose';
import { addEmployee, api, createOwnerWithBusiness, createUser, runtime, signIn, tables, uniqueDomain, type TestUser } from './runtime';
import { uploadAgencyLogo, uploadPng } from './uploads';
import { sampleContext } from './route-samples';

export const signedInPrincipals = ['ownerOfA', 'ownerOfB', 'employeeOfA', 'employeeOfB', 'adminOfA', 'billingOfA', 'agencyManagingA', 'agencyNotManagingA', 'admin'] as const;
export const forgedPrincipals = ['algNone', 'badSignature', 'expired', 'wrongIssuer', 'accessToken'] as const;
export type SignedInPrincipal = (typeof signedInPrincipals)[number];
export type ForgedPrincipal = (typeof forgedPrincipals)[number];
export type Principal = 'anonymous' | SignedInPrincipal | ForgedPrincipal;
export const allPrincipals: Principal[] = ['anonymous', ...forgedPrincipals, ...signedInPrincipals];

export interface World {
  users: Record<SignedInPrincipal, TestUser>;
  /** Bearer tokens of the forged principals (a TestUser whose idToken is the forgery). */
  forged: Record<ForgedPrincipal, TestUser>;
  /** Path parameter values naming business A and its employee's card. */
  ids: { businessId: string; cardId: string; employeeId: string };
  /** Employees of A a valid request may consume: one inactive (deletable), one without a card. */
  targets: { inactiveEmployeeId: string; cardlessEmployeeId: string };
  /** The department of business A that its employee is in (`departmentId` in paths). */
  departmentId: string;
  /** An upload owner A started and sent a PNG for, waiting for its confirm call (`uploadId` in paths). */
  uploadId: string;
  /** The agency logo upload the agency managing A started, waiting for its confirm call. */
  agencyUploadId: string;
  /** A hidden pricing plan of this world (`planId` in paths) and a second admin that may be removed (`userId`). */
  planId: string;
  removableAdminId: string;
  /** A pending invoice of A (status changes, the payment page, checkout) and one to delete. */
  invoiceId: string;
  deletableInvoiceId: string;
  /** An unapplied payment (a second payment of an invoice paid already), for the refund route (`stripeSessionId`). */
  unappliedSessionId: string;
  /** Business C: the admin's cascade delete takes it. */
  deletableBusinessId: string;
  /** Contacts shared with an employee of A (not the one employeeOfA is), one for each principal allowed to delete one. */
  contactIds: Record<'ownerOfA' | 'adminOfA' | 'agencyManagingA' | 'admin', string>;
  /** A working invitation link's token (for a draft employee of A) and the user whose e-mail it was sent to. */
  invitation: { token: string; invitee: TestUser };
  businessB: string;
  /** The agency managing A (`agencyId` in paths) and a custom domain of it for each principal allowed to remove one. */
  agencyId: string;
  domainIds: Record<'agencyManagingA' | 'admin', string>;
  /**
   * The agency whose sending domain each allowed principal adds and removes (one per agency, so the admin works on the
   * other agency's, as it may on any).
   */
  sendingDomainAgencyIds: Record<'agencyManagingA' | 'admin', string>;
}

/**
 * cognito-local signs every token with the key pair it ships (a public test fixture, never a secret). Signing with
 * it lets a test make tokens that are correctly signed but expired or from another issuer, so those checks are
 * tested on their own rather than hidden behind a signature failure.
 */
function cognitoLocalKey() {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
  return createPrivateKey({ key: jwk, format: 'jwk' });
}

async function resign(token: string, changes: Record<string, unknown>, issuer?: string): Promise<string> {
  const claims = { ...decodeJwt(token), ...changes };
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' });
  if (issuer) jwt.setIssuer(issuer);
  return jwt.sign(cognitoLocalKey());
}

async function forgeries(owner: TestUser): Promise<Record<ForgedPrincipal, TestUser>> {
  const [header, payload] = owner.idToken.split('.') as [string, string];
  const now = Math.floor(Date.now() / 1000);
  const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  const badSignature = `${header}.${payload}.${Buffer.from('not the pool’s signature').toString('base64url')}`;
  const expired = await resign(owner.idToken, { iat: now - 7200, exp: now - 3600 });
  const wrongIssuer = await resign(owner.idToken, {}, `http://127.0.0.1:1/${runtime.ids.userPoolId}`);
  const access = (await signIn(owner.email, owner.password)).accessToken;
  const as = (idToken: string): TestUser => ({ ...owner, idToken });
  return { algNone: as(none), badSignature: as(badSignature), expired: as(expired), wrongIssuer: as(wrongIssuer), accessToken: as(access) };
}

/** Builds the world through the real API (memberships of the employee and agencies are written directly: the
 * invitation and Add Client flows arrive with their own issues). */
export async function createWorld(): Promise<World> {
  const a = await createOwnerWithBusiness({ name: 'Business A' });
  const b = await createOwnerWithBusiness({ name: 'Business B' });
  const employeeOfA = await addEmployee(a.owner, a.business.id);
  const employeeOfB = await addEmployee(b.owner, b.business.id);
  const inactive = await addEmployee(a.owner, a.business.id, { status: 'inactive' });
  // In a department (Company Settings' department routes rename it; deleting it is refused while they are in it): no
  // route's valid request saves this employee's profile, so it stays in the department whatever the matrix runs first.
  const cardless = await addEmployee(a.owner, a.business.id, { department: 'Engineering' });
  const inviteeEmail = `invitee-${randomBytes(5).toString('hex')}@example.com`;
  const invited = await addEmployee(a.owner, a.business.id, { status: 'draft', email: inviteeEmail });
  const db = await tables();
  // What Send Invite stores: the token's SHA-256 only (the mailed link holds the token itself).
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  await db.invitation.put({ employeeId: invited.id, businessId: a.business.id, tokenHash, sentTo: inviteeEmail, expiresAt: Math.floor(Date.now() / 1000) + 86400 }).go();
  // An employee from before cards were created with every employee: no card item, no scan total, no card id.
  await db.card.delete({ cardId: cardless.card.id }).go();
  await db.cardScanTotal.delete({ cardId: cardless.card.id }).go();
  await db.employee.patch({ employeeId: cardless.id }).remove(['cardId']).go();

  /** A signed-in user linked to `employeeId` of `businessId` in its business role, as the invitation flow links one. */
  const linkedEmployee = async (businessId: string, employeeId: string, displayName: string, role: 'employee' | 'admin' | 'billing' = 'employee') => {
    const user = await createUser();
    await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: businessId, role, employeeId }).go();
    await db.profile.create({ userId: user.sub, email: user.email, displayName, accountType: 'employee' }).go();
    return user;
  };
  const employeeUser = await linkedEmployee(a.business.id, employeeOfA.id, 'Erin');
  const employeeOfBUser = await linkedEmployee(b.business.id, employeeOfB.id, 'Bo');
  // The business roles beside a card (issue 41): the owner gives them in the Employee Profile dialog.
  const adminOfA = await addEmployee(a.owner, a.business.id, { role: 'admin' });
  const billingOfA = await addEmployee(a.owner, a.business.id, { role: 'billing' });
  const adminUser = await linkedEmployee(a.business.id, adminOfA.id, 'Ada', 'admin');
  const billingUser = await linkedEmployee(a.business.id, billingOfA.id, 'Bill', 'billing');
  const agencies: TestUser[] = [];
  for (const manages of [true, false]) {
    const user = await createUser();
    const agencyId = `agency-${user.sub}`;
    await db.agency.create({ agencyId, ownerId: user.sub, name: manages ? 'Managing Agency' : 'Other Agency' }).go();
    await db.membership.create({ userId: user.sub, scopeType: 'agency', scopeId: agencyId, role: 'owner' }).go();
    await db.profile.create({ userId: user.sub, email: user.email, displayName: 'Agency', accountType: 'agency' }).go();
    if (manages) await db.agencyClient.create({ agencyId, businessId: a.business.id }).go();
    agencies.push(user);
  }
  sampleContext.businessId = a.business.id;
  sampleContext.employeeId = employeeOfA.id;
  // A Checkout Session of a world invoice, for the verify route (the local Stripe stand-in keeps it unpaid).
  const invoiceId = await pendingInvoice(a.business.id);
  const checkout = await api('POST', `/api/public/invoices/${invoiceId}/checkout`, { body: { returnTo: 'invoice' } });
  if (checkout.status !== 200) throw new Error(`checkout not created: ${checkout.status} ${checkout.text}`);
  sampleContext.checkoutSessionId = String(checkout.body.url).split('/').pop()!;
  const unappliedSessionId = await unappliedPayment(a.business.id);
  const managingAgencyId = `agency-${agencies[0]!.sub}`;
  return {
    users: {
      ownerOfA: a.owner,
      ownerOfB: b.owner,
      employeeOfA: employeeUser,
      employeeOfB: employeeOfBUser,
      adminOfA: adminUser,
      billingOfA: billingUser,
      agencyManagingA: agencies[0]!,
      agencyNotManagingA: agencies[1]!,
      admin: await createUser({ groups: ['admin'] }),
    },
    forged: await forgeries(a.owner),
    ids: { businessId: a.business.id, cardId: employeeOfA.card.id, employeeId: employeeOfA.id },
    targets: { inactiveEmployeeId: inactive.id, cardlessEmployeeId: cardless.id },
    invitation: { token, invitee: await createUser({ email: inviteeEmail }) },
    uploadId: await uploadPng(a.owner, a.business.id, 'logo'),
    departmentId: await departmentIdOf(a.owner, a.business.id, 'Engineering'),
    agencyUploadId: await uploadAgencyLogo(agencies[0]!),
    planId: await hiddenPlan(),
    invoiceId,
    deletableInvoiceId: await pendingInvoice(a.business.id),
    unappliedSessionId,
    deletableBusinessId: (await createOwnerWithBusiness({ name: 'Business C' })).business.id,
    // Shared with the cardless employee (never deleted by another route's valid request, and not employeeOfA).
    contactIds: {
      ownerOfA: await contactOf(a.business.id, cardless.id),
      adminOfA: await contactOf(a.business.id, cardless.id),
      agencyManagingA: await contactOf(a.business.id, cardless.id),
      admin: await contactOf(a.business.id, cardless.id),
    },
    removableAdminId: (await createUser({ groups: ['admin'] })).sub,
    businessB: b.business.id,
    agencyId: managingAgencyId,
    domainIds: { agencyManagingA: await customDomainOf(agencies[0]!, managingAgencyId), admin: await customDomainOf(agencies[0]!, managingAgencyId) },
    sendingDomainAgencyIds: { agencyManagingA: managingAgencyId, admin: `agency-${agencies[1]!.sub}` },
  };
}

/** An inactive business plan of the world's own (not on the pricing page), for the plan edit route. */
async function hiddenPlan(): Promise<string> {
  const planId = `plan-test-${randomBytes(6).toString('hex')}`;
  const db = await tables();
  await db.plan.create({ planId, name: 'Test Plan', priceCents: 199, currency: 'USD', period: 'month', userRange: '1-20 users', planType: 'business', isActive: false }).go();
  return planId;
}

/** The id of a department of the business, through the API's list. */
async function departmentIdOf(owner: TestUser, businessId: string, name: string): Promise<string> {
  const res = await api('GET', `/api/businesses/${businessId}/departments`, { user: owner });
  const found = (res.body.departments as { departmentId: string; name: string }[] | undefined)?.find((d) => d.name === name);
  if (!found) throw new Error(`department ${name} not found: ${res.status} ${res.text}`);
  return found.departmentId;
}

/** A pending invoice written as the admin's Create Invoice writes one. */
async function pendingInvoice(businessId: string): Promise<string> {
  const invoiceId = randomBytes(16).toString('base64url');
  const db = await tables();
  await db.invoice.create({ invoiceId, businessId, businessName: 'Business A', invoiceNumber: `INV-TEST-${invoiceId.slice(0, 6)}`, amountCents: 4200, currency: 'USD', dueDate: '2031-12-31', status: 'pending' }).go();
  return invoiceId;
}

/** A payment Stripe took for an invoice paid already (two Checkout Sessions, both paid): its session id. */
async function unappliedPayment(businessId: string): Promise<string> {
  const invoiceId = await pendingInvoice(businessId);
  const urls: string[] = [];
  for (let i = 0; i < 2; i++) {
    const checkout = await api('POST', `/api/public/invoices/${invoiceId}/checkout`, { body: { returnTo: 'invoice' } });
    if (checkout.status !== 200) throw new Error(`checkout not created: ${checkout.status} ${checkout.text}`);
    urls.push(String(checkout.body.url));
  }
  // The stand-in delivers the signed webhook before it answers the Pay button.
  for (const url of urls) await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  return urls[1]!.split('/').pop()!;
}

/** A custom domain the agency adds through the API (it stays pending: it is not under .localhost): its id. */
async function customDomainOf(agency: TestUser, agencyId: string): Promise<string> {
  const res = await api('POST', `/api/agencies/${agencyId}/domains`, { user: agency, body: { domain: uniqueDomain() } });
  if (res.status !== 201) throw new Error(`custom domain not added: ${res.status} ${res.text}`);
  return String(res.body.id);
}

/** A contact a visitor shared with `employeeId`, stored as the card page's form stores one. */
async function contactOf(businessId: string, employeeId: string): Promise<string> {
  const contactId = randomBytes(16).toString('base64url');
  const db = await tables();
  await db.contact.create({ contactId, businessId, employeeId, employeeName: 'Inactive Employee', cardId: `card-of-${employeeId}`, name: 'Visitor', email: 'visitor@example.com' }).go();
  return contactId;
}

/**
 * Path parameter values of a route of the world (routes that consume their target get one of their own; the contact
 * delete gets one per allowed principal).
 */
export function pathValues(world: World, operationId?: string, principal?: string): Record<string, string> {
  const contactId = world.contactIds[principal as keyof World['contactIds']] ?? world.contactIds.ownerOfA;
  const values = {
    ...world.ids,
    token: world.invitation.token,
    uploadId: world.uploadId,
    departmentId: world.departmentId,
    planId: world.planId,
    userId: world.removableAdminId,
    invoiceId: world.invoiceId,
    contactId,
    stripeSessionId: world.unappliedSessionId,
    // Apple's PassKit web service (issue 22 §1): a device of no registration, the local pass type, A's card.
    deviceLibraryIdentifier: '0123456789abcdef0123456789abcdef',
    passTypeIdentifier: 'pass.example.cardcrew.local',
    serialNumber: world.ids.cardId,
    agencyId: world.agencyId,
    // Directory sync (issue 23 §1): a SCIM token id that names none.
    tokenId: 'AAAAAAAAAAAAAAAAAAAAAA',
    // SCIM groups and discovery: a group id that names none, the User schema and resource type, an unknown path.
    groupId: 'AAAAAAAAAAAAAAAAAAAAAA',
    schemaId: 'urn:ietf:params:scim:schemas:core:2.0:User',
    resourceTypeId: 'User',
    proxy: 'NoSuchResource/1',
    domainId: world.domainIds[principal as keyof World['domainIds']] ?? world.domainIds.agencyManagingA,
    // Webhooks: an endpoint and a delivery that name none.
    endpointId: 'AAAAAAAAAAAAAAAAAAAAAA',
    deliveryId: 'AAAAAAAAAAAAAAAAAAAAAA',
    // Single sign-on claims (admins): a domain nobody claimed.
    domain: 'no-claim.example.net',
  };
  if (operationId === 'confirmAgencyUpload') return { ...values, uploadId: world.agencyUploadId };
  if (operationId === 'addSendingDomain' || operationId === 'removeSendingDomain') {
    return { ...values, agencyId: world.sendingDomainAgencyIds[principal as keyof World['sendingDomainAgencyIds']] ?? world.agencyId };
  }
  if (operationId === 'deleteInvoice') return { ...values, invoiceId: world.deletableInvoiceId };
  if (operationId === 'deleteBusiness') return { ...values, businessId: world.deletableBusinessId };
  // Leavers (issue 23 §2): deactivating the employee who is inactive already is a repeat (safe, 200), not a new leaver.
  if (operationId === 'deactivateEmployee') return { ...values, employeeId: world.targets.inactiveEmployeeId };
  return values;
}

/** The user (or forged token) a principal calls with; anonymous calls with none. */
export function userOf(world: World, principal: Principal): TestUser | null {
  if (principal === 'anonymous') return null;
  if ((forgedPrincipals as readonly string[]).includes(principal)) return world.forged[principal as ForgedPrincipal];
  return world.users[principal as SignedInPrincipal];
}
