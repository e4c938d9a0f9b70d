// Company Settings → Single sign-on (issue 24): the owner (or the managing agency, or an admin) claims e-mail domains
// and proves each with a DNS TXT record, connects one identity provider (SAML 2.0 or OIDC) and sets the two switches.
// The provider lives in Cognito (named from the business's id); this area keeps what the section shows. A business
// moving to another IdP may keep the one it had beside the new one until everyone has moved (two at most): the new one
// holds the domains ('Sign in with SSO' goes there first), the previous one still signs people in. A deleted
// provider's links go with it (unlink-provider-accounts.ts).
import { randomBytes } from 'node:crypto';
import { ssoMessages } from '../../../shared/messages/sso';
import { MAX_SSO_DOMAINS, type Sso, type SsoDiscovered, type SsoDomain, type SsoDomainClaim, type SsoDomainClaimPage, type SsoDomainClaimQuery, type SsoProvider, type SsoSettings } from '../../../shared/schemas/sso';
import type * as z from '../../../shared/zod';
import type { ssoProviderInputSchema } from '../../../shared/schemas/sso';
import { recordAudit } from '../audit/audit-entry';
import { getBusiness } from '../business/repository';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { lookUpTxtRecord, txtRecordName, txtRecordValue } from './dns-check';
import { deleteIdentityProvider, putIdentityProvider, serviceProviderDetails, setClientProvider, setIdpIdentifiers, type ProviderConfig } from './identity-providers';
import { checkOidcClient, fetchSamlMetadata, readOidcDiscovery } from './oidc-discovery';
import { providerNameOf, slotOfProviderName } from './provider-name';
import {
  clearSsoProvider,
  createSsoDomain,
  deleteSsoDomain,
  getSsoConnection,
  getSsoDomain,
  getSsoDomainClaim,
  isLiveClaim,
  listSsoDomainClaims,
  listSsoDomains,
  markSsoDomainVerified,
  recordSsoTestSignIn,
  saveSsoProvider,
  saveSsoSettings,
  type PreviousSsoProvider,
  type SsoConnectionRecord,
  type SsoDomainRecord,
} from './repository';
import { confirmTestSignIn } from './record-test-sign-in';
import { unlinkProviderAccounts } from './unlink-provider-accounts';
import { parseSamlMetadata } from './saml-metadata';

type ProviderInput = z.output<typeof ssoProviderInputSchema>;

async function assertBusiness(caller: Caller, businessId: string): Promise<void> {
  await assertMay(caller, businessId, 'settings');
  if (!(await getBusiness(businessId))) throw notFound('Business not found.');
}

const toDomainDto = (d: SsoDomainRecord): SsoDomain => ({
  id: d.domainId,
  domain: d.domain,
  state: d.verifiedAt ? 'verified' : 'pending',
  txtRecord: { type: 'TXT', name: txtRecordName(d.domain), value: txtRecordValue(d.token) },
  verifiedAt: d.verifiedAt ?? null,
  expiresAt: !d.verifiedAt && d.expiresAt ? new Date(d.expiresAt * 1000).toISOString() : null,
  createdAt: d.createdAt,
});

const toProviderDto = (p: PreviousSsoProvider, testedAt: string | null = null): SsoProvider => ({
  type: p.providerType,
  providerName: p.providerName,
  metadataUrl: p.metadataUrl ?? null,
  entityId: p.entityId ?? null,
  signInUrl: p.signInUrl ?? null,
  issuer: p.issuer ?? null,
  clientId: p.clientId ?? null,
  connectedAt: p.connectedAt,
  testedAt,
});

/** The connection's current provider, in the shape of the previous one (null when none is connected). */
function currentProviderOf(connection: SsoConnectionRecord | null): PreviousSsoProvider | null {
  if (!connection?.providerName || !connection.providerType || !connection.connectedAt) return null;
  const { providerName, providerType, metadataUrl, entityId, signInUrl, issuer, clientId, connectedAt } = connection;
  return { providerName, providerType, metadataUrl, entityId, signInUrl, issuer, clientId, connectedAt };
}

/**
 * Which IdP a provider signs people in with (SAML: its entity ID; OIDC: its issuer). The same IdP gives the same
 * subjects, so saving it again updates the provider in place and its people keep their accounts; another IdP (Okta →
 * Entra ID, SAML → OIDC) gives new subjects, so it is a new provider under the business's other name.
 */
const idpOf = (p: { providerType?: string; entityId?: string | null; issuer?: string | null }) => `${p.providerType} ${p.providerType === 'SAML' ? p.entityId : p.issuer}`;

/** Takes a provider out of the app client and the pool, then removes the sign-ins it linked. */
async function removeProvider(businessId: string, providerName: string): Promise<void> {
  await setClientProvider(providerName, false);
  await deleteIdentityProvider(providerName);
  await unlinkProviderAccounts(businessId, providerName);
}

/** When the current provider last passed a 'Test sign-in' (null: not since it was saved). */
function testedAtOf(connection: SsoConnectionRecord | null): string | null {
  const current = currentProviderOf(connection);
  return current && connection?.testedAt && connection.testedProviderName === current.providerName ? connection.testedAt : null;
}

const verifiedDomains = (domains: SsoDomainRecord[]) => domains.filter((d) => d.verifiedAt).map((d) => d.domain).sort();

/** The section's read: domains, the provider (never its secret), the switches and what the IdP needs from us. */
export async function getSso(caller: Caller, businessId: string): Promise<Sso> {
  await assertBusiness(caller, businessId);
  const [domains, connection] = await Promise.all([listSsoDomains(businessId), getSsoConnection(businessId)]);
  const current = currentProviderOf(connection);
  const previous = connection?.previousProvider ?? null;
  return {
    domains: domains.sort((a, b) => a.domain.localeCompare(b.domain)).map(toDomainDto),
    provider: current ? toProviderDto(current, testedAtOf(connection)) : null,
    previousProvider: previous ? toProviderDto(previous) : null,
    settings: { createEmployeesOnFirstSignIn: connection?.createEmployeesOnFirstSignIn ?? false, requireSso: connection?.requireSso ?? false },
    serviceProvider: serviceProviderDetails(),
  };
}

/**
 * Claims a domain, pending its TXT record for 7 days. Another business's claim (pending or verified) never refuses it
 * and is never mentioned: a claim proves nothing, so it must neither block the domain's owner nor reveal who else
 * claimed it. Only 'Check', once the record proves the domain, can meet a business that proved it first.
 */
export async function claimSsoDomain(caller: Caller, businessId: string, domain: string): Promise<SsoDomain> {
  await assertBusiness(caller, businessId);
  const existing = await listSsoDomains(businessId);
  if (existing.some((d) => d.domain === domain)) throw new AppError('CONFLICT', ssoMessages.domainClaimedHere, { domain: ssoMessages.domainClaimedHere });
  if (existing.length >= MAX_SSO_DOMAINS) throw new AppError('CONFLICT', ssoMessages.tooManyDomains);
  const item = { domain, domainId: newId(), businessId, token: randomBytes(18).toString('base64url') };
  if (!(await createSsoDomain(item))) throw new AppError('CONFLICT', ssoMessages.domainClaimedHere, { domain: ssoMessages.domainClaimedHere });
  await recordAudit({ businessId, action: 'sso.domainClaimed', target: { type: 'ssoDomain', id: item.domainId, label: domain } });
  return toDomainDto((await getSsoDomainClaim(domain, businessId))!);
}

async function domainOf(businessId: string, domainId: string): Promise<SsoDomainRecord> {
  const domain = (await listSsoDomains(businessId)).find((d) => d.domainId === domainId);
  if (!domain) throw notFound(ssoMessages.domainNotFound);
  return domain;
}

/** Keeps the provider's IdpIdentifiers equal to the verified domains. */
async function syncIdentifiers(businessId: string): Promise<void> {
  const connection = await getSsoConnection(businessId);
  if (connection?.providerName) await setIdpIdentifiers(connection.providerName, verifiedDomains(await listSsoDomains(businessId)));
}

/**
 * 'Check': looks the TXT record up and marks the domain verified when it holds the claim's token (422 while it does
 * not); 409 when another business proved the domain first (said only now, to a business that has proven it too).
 */
export async function checkSsoDomain(caller: Caller, businessId: string, domainId: string): Promise<SsoDomain> {
  await assertBusiness(caller, businessId);
  const domain = await domainOf(businessId, domainId);
  if (!domain.verifiedAt) {
    const found = await lookUpTxtRecord(domain.domain, domain.token);
    if (found === 'failed') throw new AppError('UNPROCESSABLE', ssoMessages.dnsLookupFailed);
    if (found === 'missing') throw new AppError('UNPROCESSABLE', ssoMessages.dnsRecordMissing);
    const outcome = await markSsoDomainVerified(domain.domain, businessId, domain.domainId, new Date().toISOString());
    if (outcome === 'heldElsewhere') throw new AppError('CONFLICT', ssoMessages.domainVerifiedElsewhere);
    if (outcome === 'gone') throw notFound(ssoMessages.domainNotFound);
    await syncIdentifiers(businessId);
    await recordAudit({ businessId, action: 'sso.domainVerified', target: { type: 'ssoDomain', id: domain.domainId, label: domain.domain } });
  }
  return toDomainDto((await getSsoDomainClaim(domain.domain, businessId))!);
}

export async function removeSsoDomain(caller: Caller, businessId: string, domainId: string): Promise<void> {
  await assertBusiness(caller, businessId);
  const domain = await domainOf(businessId, domainId);
  if (!(await deleteSsoDomain(domain.domain, businessId, domain.domainId, Boolean(domain.verifiedAt)))) throw notFound(ssoMessages.domainNotFound);
  if (domain.verifiedAt) await syncIdentifiers(businessId);
  await recordAudit({ businessId, action: 'sso.domainRemoved', target: { type: 'ssoDomain', id: domain.domainId, label: domain.domain } });
}

/** The admin routes' service check, beside the route's admin authorizer. */
function assertAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw forbidden();
}

const claimStateOf = (d: SsoDomainRecord, now: number): SsoDomainClaim['state'] => (d.verifiedAt ? 'verified' : isLiveClaim(d, now) ? 'pending' : 'expired');

/** Admins (issue 39): every business's claims by domain, with the business's name and the claim's state. */
export async function listDomainClaims(caller: Caller, query: SsoDomainClaimQuery): Promise<SsoDomainClaimPage> {
  assertAdmin(caller);
  const { items, cursor } = await listSsoDomainClaims(query.q ?? '', query.cursor ?? null);
  const names = new Map<string, string | null>();
  await Promise.all([...new Set(items.map((d) => d.businessId))].map(async (id) => names.set(id, (await getBusiness(id))?.name ?? null)));
  const now = Date.now();
  return {
    claims: items.map((d) => ({
      domain: d.domain,
      businessId: d.businessId,
      businessName: names.get(d.businessId) ?? null,
      state: claimStateOf(d, now),
      createdAt: d.createdAt,
      verifiedAt: d.verifiedAt ?? null,
      expiresAt: !d.verifiedAt && d.expiresAt ? new Date(d.expiresAt * 1000).toISOString() : null,
    })),
    nextCursor: cursor,
  };
}

/**
 * Admins (issue 39): releases a business's claim of a domain — a verified one stops holding it (its provider no longer
 * lists the domain), so the business that owns the domain can verify it. Audited on the business that lost it.
 */
export async function releaseDomainClaim(caller: Caller, businessId: string, domain: string): Promise<void> {
  assertAdmin(caller);
  const claim = await getSsoDomainClaim(domain, businessId);
  if (!claim) throw notFound(ssoMessages.claimNotFound);
  if (!(await deleteSsoDomain(domain, businessId, claim.domainId, Boolean(claim.verifiedAt)))) throw notFound(ssoMessages.claimNotFound);
  if (claim.verifiedAt) await syncIdentifiers(businessId);
  await recordAudit({ businessId, action: 'sso.domainReleased', target: { type: 'ssoDomain', id: claim.domainId, label: domain } });
}

/** Reads and checks what the provider publishes, then creates or updates it in Cognito and adds it to the app client. */
export async function connectSsoProvider(caller: Caller, businessId: string, input: ProviderInput): Promise<Sso> {
  await assertBusiness(caller, businessId);
  let config: ProviderConfig;
  let shown: { metadataUrl?: string; entityId?: string; signInUrl?: string; issuer?: string; clientId?: string };
  if (input.type === 'SAML') {
    const metadataUrl = input.metadataUrl?.trim() || null;
    const xml = metadataUrl ? await fetchSamlMetadata(metadataUrl) : (input.metadataXml ?? '');
    const metadata = parseSamlMetadata(xml, metadataUrl ? 'metadataUrl' : 'metadataXml');
    config = { type: 'SAML', metadataUrl, metadataXml: metadataUrl ? null : xml };
    shown = { ...(metadataUrl ? { metadataUrl } : {}), entityId: metadata.entityId, signInUrl: metadata.signInUrl };
  } else {
    const discovery = await readOidcDiscovery(input.issuer ?? '');
    await checkOidcClient(discovery, input.clientId ?? '', input.clientSecret ?? '', serviceProviderDetails().redirectUri);
    config = { type: 'OIDC', issuer: discovery.issuer, clientId: input.clientId ?? '', clientSecret: input.clientSecret ?? '' };
    shown = { issuer: discovery.issuer, clientId: input.clientId, signInUrl: discovery.authorizationEndpoint };
  }
  const before = await getSsoConnection(businessId);
  const current = currentProviderOf(before);
  const previous = before?.previousProvider ?? null;
  const idp = idpOf({ providerType: config.type, ...shown });
  const same = [current, previous].find((p) => p && idpOf(p) === idp) ?? null;
  // The provider kept beside this one: the one that was current (or, when the current one is saved again, the one
  // already kept), only when the owner asked to keep it during the move.
  const kept = input.keepCurrentProvider ? ([current, previous].find((p) => p && p.providerName !== same?.providerName && (p === current || same === current)) ?? null) : null;
  const going = [current, previous].filter((p): p is PreviousSsoProvider => p !== null && p !== same && p !== kept);
  // A new IdP takes the name the provider that stays (the kept one, else the current one until it goes) does not use.
  const staying = kept ?? current;
  const providerName = same?.providerName ?? providerNameOf(businessId, staying && slotOfProviderName(staying.providerName) === 1 ? 2 : 1);
  const inTheWay = going.find((p) => p.providerName === providerName);
  if (inTheWay) await removeProvider(businessId, inTheWay.providerName);
  // Cognito lets one provider hold a domain: the one holding them gives them up to the new one ('Sign in with SSO'
  // finds it); they are given back if Cognito refuses the new one, so a failed change changes nothing.
  const domains = verifiedDomains(await listSsoDomains(businessId));
  const holder = current && current !== same ? current : null;
  if (holder) await setIdpIdentifiers(holder.providerName, []);
  try {
    await putIdentityProvider(providerName, config, domains);
  } catch (error) {
    if (holder) await setIdpIdentifiers(holder.providerName, domains);
    throw error;
  }
  await setClientProvider(providerName, true);
  await saveSsoProvider(businessId, { providerName, providerType: config.type, connectedAt: new Date().toISOString(), ...shown }, kept);
  // The replaced provider goes once the new one signs people in; its links go with it.
  for (const p of going) if (p !== inTheWay) await removeProvider(businessId, p.providerName);
  await recordAudit({
    businessId,
    action: 'sso.providerConnected',
    target: { type: 'ssoProvider', id: providerName, label: config.type === 'SAML' ? 'SAML 2.0' : 'OpenID Connect' },
    fields: before?.providerName ? ['provider'] : undefined,
  });
  for (const p of going) {
    await recordAudit({ businessId, action: 'sso.providerDisconnected', target: { type: 'ssoProvider', id: p.providerName, label: p.providerType } });
  }
  return getSso(caller, businessId);
}

/**
 * Removes the business's providers from the app client, deletes them and the sign-ins they linked, and switches
 * 'Require SSO' off: with no provider it would leave employees no way to sign in.
 */
export async function disconnectSsoProvider(caller: Caller, businessId: string): Promise<void> {
  await assertBusiness(caller, businessId);
  const connection = await getSsoConnection(businessId);
  const connected = [currentProviderOf(connection), connection?.previousProvider ?? null].filter((p): p is PreviousSsoProvider => p !== null);
  // Disconnecting what is not connected is done already (204), like a repeated DELETE.
  if (!connected.length) return;
  for (const p of connected) await removeProvider(businessId, p.providerName);
  await clearSsoProvider(businessId);
  for (const p of connected) {
    await recordAudit({ businessId, action: 'sso.providerDisconnected', target: { type: 'ssoProvider', id: p.providerName, label: p.providerType } });
  }
  if (connection?.requireSso) await recordAudit({ businessId, action: 'sso.settingsChanged', target: { type: 'business', id: businessId }, fields: ['requireSso'] });
}

/**
 * Records a successful 'Test sign-in' through the current provider (issue 39): the test's access token must come from
 * the user pool minutes ago, after the provider was saved, for someone who signed in through it.
 */
export async function recordTestSignIn(caller: Caller, businessId: string, accessToken: string): Promise<Sso> {
  await assertBusiness(caller, businessId);
  const current = currentProviderOf(await getSsoConnection(businessId));
  if (!current) throw new AppError('CONFLICT', ssoMessages.providerNotConnected);
  await confirmTestSignIn(accessToken, current.providerName, current.connectedAt);
  if (!(await recordSsoTestSignIn(businessId, current.providerName, new Date().toISOString()))) throw new AppError('CONFLICT', ssoMessages.testSignInOtherProvider);
  await recordAudit({ businessId, action: 'sso.testSignInSucceeded', target: { type: 'ssoProvider', id: current.providerName, label: current.providerType === 'SAML' ? 'SAML 2.0' : 'OpenID Connect' } });
  return getSso(caller, businessId);
}

/** The switches; 'Require SSO' goes on only after a successful test sign-in through the current provider (409). */
export async function updateSsoSettings(caller: Caller, businessId: string, settings: SsoSettings): Promise<Sso> {
  await assertBusiness(caller, businessId);
  const before = await getSsoConnection(businessId);
  const switchingOn = settings.requireSso && !(before?.requireSso ?? false);
  if (switchingOn && !testedAtOf(before)) throw new AppError('CONFLICT', ssoMessages.requireSsoNeedsTest, { requireSso: ssoMessages.requireSsoNeedsTest });
  // The condition holds the test to the provider it was made with, should the provider change meanwhile.
  if (!(await saveSsoSettings(businessId, settings, switchingOn ? (before?.providerName ?? null) : null))) throw new AppError('CONFLICT', ssoMessages.requireSsoNeedsTest, { requireSso: ssoMessages.requireSsoNeedsTest });
  const fields = (['createEmployeesOnFirstSignIn', 'requireSso'] as const).filter((k) => (before?.[k] ?? false) !== settings[k]);
  if (fields.length) await recordAudit({ businessId, action: 'sso.settingsChanged', target: { type: 'business', id: businessId }, fields: [...fields] });
  return getSso(caller, businessId);
}

/**
 * 'Sign in with SSO': the e-mail's domain, when it is verified and its business has a provider (404 otherwise), and
 * during a move the two providers (the new one first) for the person to choose from.
 */
export async function discoverSso(email: string): Promise<SsoDiscovered> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const item = await getSsoDomain(domain);
  const connection = item?.verifiedAt ? await getSsoConnection(item.businessId) : null;
  const current = currentProviderOf(connection);
  if (!item || !current) throw notFound(ssoMessages.noSsoForDomain);
  const previous = connection?.previousProvider ?? null;
  const choice = (p: PreviousSsoProvider) => ({ providerName: p.providerName, label: providerLabelOf(p) });
  return { idpIdentifier: domain, providers: previous ? [choice(current), choice(previous)] : [] };
}

/** How a person recognises a provider: its kind and the IdP's host ('OpenID Connect · login.microsoftonline.com'). */
function providerLabelOf(p: PreviousSsoProvider): string {
  const address = p.providerType === 'SAML' ? (p.signInUrl ?? p.entityId) : p.issuer;
  let host = address ?? '';
  try {
    host = new URL(address ?? '').host;
  } catch {
    // an entity ID need not be a URL: shown as it is
  }
  return `${p.providerType === 'SAML' ? 'SAML 2.0' : 'OpenID Connect'}${host ? ` · ${host}` : ''}`;
}
