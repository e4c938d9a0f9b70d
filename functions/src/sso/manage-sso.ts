// Company Settings → Single sign-on (issue 24): the owner (or the managing agency, or an admin) claims e-mail domains
// and proves each with a DNS TXT record, connects one identity provider (SAML 2.0 or OIDC) and sets the two switches.
// The provider lives in Cognito (one per business, named from its id); this area keeps what the section shows.
import { randomBytes } from 'node:crypto';
import { ssoMessages } from '../../../shared/messages/sso';
import { MAX_SSO_DOMAINS, type Sso, type SsoDomain, type SsoSettings } from '../../../shared/schemas/sso';
import type * as z from '../../../shared/zod';
import type { ssoProviderInputSchema } from '../../../shared/schemas/sso';
import { recordAudit } from '../audit/audit-entry';
import { getBusiness } from '../business/repository';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { lookUpTxtRecord, txtRecordName, txtRecordValue } from './dns-check';
import { deleteIdentityProvider, putIdentityProvider, serviceProviderDetails, setClientProvider, setIdpIdentifiers, type ProviderConfig } from './identity-providers';
import { fetchSamlMetadata, readOidcDiscovery } from './oidc-discovery';
import { providerNameOf } from './provider-name';
import {
  clearSsoProvider,
  createSsoDomain,
  deleteSsoDomain,
  getSsoConnection,
  getSsoDomain,
  listSsoDomains,
  markSsoDomainVerified,
  saveSsoProvider,
  saveSsoSettings,
  type SsoDomainRecord,
} from './repository';
import { parseSamlMetadata } from './saml-metadata';

type ProviderInput = z.output<typeof ssoProviderInputSchema>;

async function assertBusiness(caller: Caller, businessId: string): Promise<void> {
  await assertCanManageBusiness(caller, businessId);
  if (!(await getBusiness(businessId))) throw notFound('Business not found.');
}

const toDomainDto = (d: SsoDomainRecord): SsoDomain => ({
  id: d.domainId,
  domain: d.domain,
  state: d.verifiedAt ? 'verified' : 'pending',
  txtRecord: { type: 'TXT', name: txtRecordName(d.domain), value: txtRecordValue(d.token) },
  verifiedAt: d.verifiedAt ?? null,
  createdAt: d.createdAt,
});

const verifiedDomains = (domains: SsoDomainRecord[]) => domains.filter((d) => d.verifiedAt).map((d) => d.domain).sort();

/** The section's read: domains, the provider (never its secret), the switches and what the IdP needs from us. */
export async function getSso(caller: Caller, businessId: string): Promise<Sso> {
  await assertBusiness(caller, businessId);
  const [domains, connection] = await Promise.all([listSsoDomains(businessId), getSsoConnection(businessId)]);
  const provider =
    connection?.providerName && connection.providerType && connection.connectedAt
      ? {
          type: connection.providerType,
          providerName: connection.providerName,
          metadataUrl: connection.metadataUrl ?? null,
          entityId: connection.entityId ?? null,
          signInUrl: connection.signInUrl ?? null,
          issuer: connection.issuer ?? null,
          clientId: connection.clientId ?? null,
          connectedAt: connection.connectedAt,
        }
      : null;
  return {
    domains: domains.sort((a, b) => a.domain.localeCompare(b.domain)).map(toDomainDto),
    provider,
    settings: { createEmployeesOnFirstSignIn: connection?.createEmployeesOnFirstSignIn ?? false, requireSso: connection?.requireSso ?? false },
    serviceProvider: serviceProviderDetails(),
  };
}

export async function claimSsoDomain(caller: Caller, businessId: string, domain: string): Promise<SsoDomain> {
  await assertBusiness(caller, businessId);
  const existing = await listSsoDomains(businessId);
  if (existing.some((d) => d.domain === domain)) throw new AppError('CONFLICT', ssoMessages.domainClaimedHere, { domain: ssoMessages.domainClaimedHere });
  if (existing.length >= MAX_SSO_DOMAINS) throw new AppError('CONFLICT', ssoMessages.tooManyDomains);
  const item = { domain, domainId: newId(), businessId, token: randomBytes(18).toString('base64url') };
  if (!(await createSsoDomain(item))) throw new AppError('CONFLICT', ssoMessages.domainTaken, { domain: ssoMessages.domainTaken });
  await recordAudit({ businessId, action: 'sso.domainClaimed', target: { type: 'ssoDomain', id: item.domainId, label: domain } });
  const created = await getSsoDomain(domain);
  return toDomainDto(created!);
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

/** 'Check': looks the TXT record up and marks the domain verified when it holds the token (422 while it does not). */
export async function checkSsoDomain(caller: Caller, businessId: string, domainId: string): Promise<SsoDomain> {
  await assertBusiness(caller, businessId);
  const domain = await domainOf(businessId, domainId);
  if (!domain.verifiedAt) {
    const found = await lookUpTxtRecord(domain.domain, domain.token);
    if (found === 'failed') throw new AppError('UNPROCESSABLE', ssoMessages.dnsLookupFailed);
    if (found === 'missing') throw new AppError('UNPROCESSABLE', ssoMessages.dnsRecordMissing);
    await markSsoDomainVerified(domain.domain, businessId, new Date().toISOString());
    await syncIdentifiers(businessId);
    await recordAudit({ businessId, action: 'sso.domainVerified', target: { type: 'ssoDomain', id: domain.domainId, label: domain.domain } });
  }
  return toDomainDto((await getSsoDomain(domain.domain))!);
}

export async function removeSsoDomain(caller: Caller, businessId: string, domainId: string): Promise<void> {
  await assertBusiness(caller, businessId);
  const domain = await domainOf(businessId, domainId);
  if (!(await deleteSsoDomain(domain.domain, businessId))) throw notFound(ssoMessages.domainNotFound);
  if (domain.verifiedAt) await syncIdentifiers(businessId);
  await recordAudit({ businessId, action: 'sso.domainRemoved', target: { type: 'ssoDomain', id: domain.domainId, label: domain.domain } });
}

/** Reads and checks what the provider publishes, then creates or updates it in Cognito and adds it to the app client. */
export async function connectSsoProvider(caller: Caller, businessId: string, input: ProviderInput): Promise<Sso> {
  await assertBusiness(caller, businessId);
  const providerName = providerNameOf(businessId);
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
    config = { type: 'OIDC', issuer: discovery.issuer, clientId: input.clientId ?? '', clientSecret: input.clientSecret ?? '' };
    shown = { issuer: discovery.issuer, clientId: input.clientId, signInUrl: discovery.authorizationEndpoint };
  }
  const before = await getSsoConnection(businessId);
  await putIdentityProvider(providerName, config, verifiedDomains(await listSsoDomains(businessId)));
  await setClientProvider(providerName, true);
  await saveSsoProvider(businessId, { providerName, providerType: config.type, connectedAt: new Date().toISOString(), ...shown });
  await recordAudit({
    businessId,
    action: 'sso.providerConnected',
    target: { type: 'ssoProvider', id: providerName, label: config.type === 'SAML' ? 'SAML 2.0' : 'OpenID Connect' },
    fields: before?.providerName ? ['provider'] : undefined,
  });
  return getSso(caller, businessId);
}

/** Removes the provider from the app client, then deletes it (its users can no longer sign in through it). */
export async function disconnectSsoProvider(caller: Caller, businessId: string): Promise<void> {
  await assertBusiness(caller, businessId);
  const connection = await getSsoConnection(businessId);
  // Disconnecting what is not connected is done already (204), like a repeated DELETE.
  if (!connection?.providerName) return;
  await setClientProvider(connection.providerName, false);
  await deleteIdentityProvider(connection.providerName);
  await clearSsoProvider(businessId);
  await recordAudit({ businessId, action: 'sso.providerDisconnected', target: { type: 'ssoProvider', id: connection.providerName, label: connection.providerType ?? null } });
}

export async function updateSsoSettings(caller: Caller, businessId: string, settings: SsoSettings): Promise<Sso> {
  await assertBusiness(caller, businessId);
  const before = await getSsoConnection(businessId);
  await saveSsoSettings(businessId, settings);
  const fields = (['createEmployeesOnFirstSignIn', 'requireSso'] as const).filter((k) => (before?.[k] ?? false) !== settings[k]);
  if (fields.length) await recordAudit({ businessId, action: 'sso.settingsChanged', target: { type: 'business', id: businessId }, fields: [...fields] });
  return getSso(caller, businessId);
}

/** 'Sign in with SSO': the e-mail's domain, when it is verified and its business has a provider (404 otherwise). */
export async function discoverSso(email: string): Promise<{ idpIdentifier: string }> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const item = await getSsoDomain(domain);
  const connection = item?.verifiedAt ? await getSsoConnection(item.businessId) : null;
  if (!item || !connection?.providerName) throw notFound(ssoMessages.noSsoForDomain);
  return { idpIdentifier: domain };
}
