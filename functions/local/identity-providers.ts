// The user pool's identity providers, which cognito-local lacks: CreateIdentityProvider, DescribeIdentityProvider,
// UpdateIdentityProvider, DeleteIdentityProvider, ListIdentityProviders and GetIdentityProviderByIdentifier with the
// shapes and refusals of Cognito (provider name rules, a duplicate name, an IdP identifier another provider holds, the
// provider details each type needs, SAML metadata fetched and read, OIDC discovery read), kept in the local pool's data
// folder. The hosted-UI stand-in (hosted-ui.ts) signs people in through them; the app client checks its
// SupportedIdentityProviders against them (cognito.ts).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseIdpMetadata } from './saml-metadata';

export type ProviderType = 'SAML' | 'OIDC' | 'Google' | 'Facebook' | 'LoginWithAmazon' | 'SignInWithApple';
const PROVIDER_TYPES: ProviderType[] = ['SAML', 'OIDC', 'Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple'];
/** Social providers carry their own name; no other provider may take one of these. */
const SOCIAL_NAMES = new Set(['Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple']);

export interface IdentityProvider {
  UserPoolId: string;
  ProviderName: string;
  ProviderType: ProviderType;
  ProviderDetails: Record<string, string>;
  AttributeMapping: Record<string, string>;
  IdpIdentifiers: string[];
  /** Epoch seconds, as the Cognito JSON protocol carries dates. */
  LastModifiedDate: number;
  CreationDate: number;
}

/** A Cognito refusal: the code becomes the error's name in the SDK. */
export class IdentityProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new IdentityProviderError('InvalidParameterException', message);
const PROVIDER_NAME = /^[^_\p{Z}][\p{L}\p{M}\p{S}\p{N}\p{P}][^_\p{Z}]+$/u;
const IDP_IDENTIFIER = /^[\w\s+=.@-]+$/;

function checkProviderName(name: unknown, field = 'providerName'): string {
  if (typeof name !== 'string' || name.length < 1 || name.length > 32) {
    throw invalid(`1 validation error detected: Value '${String(name)}' at '${field}' failed to satisfy constraint: Member must have length between 1 and 32`);
  }
  if (!PROVIDER_NAME.test(name)) {
    throw invalid(`1 validation error detected: Value '${name}' at '${field}' failed to satisfy constraint: Member must satisfy regular expression pattern: [^_\\p{Z}][\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}][^_\\p{Z}]+`);
  }
  return name;
}

function checkIdentifiers(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > 50) throw invalid('1 validation error detected: Value at \'idpIdentifiers\' failed to satisfy constraint: Member must have length less than or equal to 50');
  for (const id of value) {
    if (typeof id !== 'string' || id.length < 1 || id.length > 40 || !IDP_IDENTIFIER.test(id)) {
      throw invalid(`1 validation error detected: Value '${String(id)}' at 'idpIdentifiers' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w\\s+=.@-]+ and have length between 1 and 40`);
    }
  }
  if (new Set(value).size !== value.length) throw invalid('Duplicate IdpIdentifiers are not allowed.');
  return value as string[];
}

function checkStringMap(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    throw invalid(`1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must be a map of strings`);
  }
  return value as Record<string, string>;
}

async function fetchText(url: string, what: string): Promise<string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.text();
  } catch (error) {
    throw invalid(`Could not retrieve ${what} from ${url}: ${(error as Error).message}`);
  }
}

/** The details a type needs, completed as Cognito completes them (SAML: read metadata; OIDC: read the discovery document). */
async function checkedDetails(type: ProviderType, details: Record<string, string>): Promise<Record<string, string>> {
  const need = (keys: string[]) => {
    const missing = keys.filter((k) => !details[k]);
    if (missing.length) throw invalid(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required for ${type} identity providers.`);
  };
  if (type === 'SAML') {
    if (!details.MetadataURL && !details.MetadataFile) throw invalid('Either MetadataFile or MetadataURL is required for SAML identity providers.');
    if (details.MetadataURL && details.MetadataFile) throw invalid('Only one of MetadataFile or MetadataURL can be specified.');
    const xml = details.MetadataFile ?? (await fetchText(details.MetadataURL!, 'metadata'));
    let metadata;
    try {
      metadata = parseIdpMetadata(xml);
    } catch (error) {
      throw invalid(`Error retrieving metadata: ${(error as Error).message}`);
    }
    return { ...details, SSORedirectBindingURI: metadata.ssoRedirectUrl };
  }
  if (type === 'OIDC') {
    need(['client_id', 'client_secret', 'authorize_scopes', 'oidc_issuer', 'attributes_request_method']);
    if (!['GET', 'POST'].includes(details.attributes_request_method!)) throw invalid('attributes_request_method must be GET or POST.');
    if (!/\bopenid\b/.test(details.authorize_scopes!)) throw invalid('authorize_scopes must include openid.');
    const issuer = details.oidc_issuer!.replace(/\/$/, '');
    const discovered = { authorize_url: details.authorize_url, token_url: details.token_url, attributes_url: details.attributes_url, jwks_uri: details.jwks_uri };
    if (Object.values(discovered).some((v) => !v)) {
      const text = await fetchText(`${issuer}/.well-known/openid-configuration`, 'the OpenID configuration');
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw invalid(`The OpenID configuration of ${issuer} is not JSON.`);
      }
      if (doc.issuer !== details.oidc_issuer && doc.issuer !== issuer) throw invalid(`The issuer in the OpenID configuration (${String(doc.issuer)}) does not match oidc_issuer.`);
      discovered.authorize_url ??= String(doc.authorization_endpoint ?? '');
      discovered.token_url ??= String(doc.token_endpoint ?? '');
      discovered.attributes_url ??= String(doc.userinfo_endpoint ?? '');
      discovered.jwks_uri ??= String(doc.jwks_uri ?? '');
      if (!discovered.authorize_url || !discovered.token_url || !discovered.jwks_uri) throw invalid(`The OpenID configuration of ${issuer} lacks an authorization, token or JWKS endpoint.`);
    }
    return { ...details, ...(discovered as Record<string, string>), attributes_url_add_attributes: 'false' };
  }
  need(['client_id', 'authorize_scopes']);
  if (type !== 'SignInWithApple') need(['client_secret']);
  return details;
}

/** The identity providers of every local user pool, in one JSON file of the pool's data folder. */
export class IdentityProviderStore {
  private providers: IdentityProvider[];

  constructor(
    private readonly file: string,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.providers = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as IdentityProvider[]) : [];
  }

  private save() {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.providers, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }

  list(userPoolId: string): IdentityProvider[] {
    return this.providers.filter((p) => p.UserPoolId === userPoolId);
  }

  find(userPoolId: string, name: string): IdentityProvider | undefined {
    return this.providers.find((p) => p.UserPoolId === userPoolId && p.ProviderName === name);
  }

  get(userPoolId: string, name: string): IdentityProvider {
    const provider = this.find(userPoolId, name);
    if (!provider) throw new IdentityProviderError('ResourceNotFoundException', `Identity provider ${name} does not exist.`);
    return provider;
  }

  byIdentifier(userPoolId: string, identifier: string): IdentityProvider | undefined {
    return this.list(userPoolId).find((p) => p.IdpIdentifiers.includes(identifier));
  }

  private checkIdentifiersFree(userPoolId: string, name: string, identifiers: string[]) {
    const taken = identifiers.filter((id) => this.list(userPoolId).some((p) => p.ProviderName !== name && p.IdpIdentifiers.includes(id)));
    if (taken.length) throw invalid(`The following IdpIdentifiers are already used by another identity provider: ${taken.join(', ')}`);
  }

  async create(req: Record<string, unknown>): Promise<IdentityProvider> {
    const userPoolId = String(req.UserPoolId);
    const name = checkProviderName(req.ProviderName);
    const type = req.ProviderType as ProviderType;
    if (!PROVIDER_TYPES.includes(type)) throw invalid(`1 validation error detected: Value '${String(type)}' at 'providerType' failed to satisfy constraint: Member must satisfy enum value set: [${PROVIDER_TYPES.join(', ')}]`);
    if (SOCIAL_NAMES.has(type) ? name !== type : SOCIAL_NAMES.has(name) || /^cognito$/i.test(name)) {
      throw invalid(SOCIAL_NAMES.has(type) ? `The provider name of a ${type} identity provider must be ${type}.` : `${name} is a reserved provider name.`);
    }
    if (this.find(userPoolId, name)) throw new IdentityProviderError('DuplicateProviderException', `A provider with the name ${name} already exists in this user pool.`);
    const identifiers = checkIdentifiers(req.IdpIdentifiers);
    this.checkIdentifiersFree(userPoolId, name, identifiers);
    const details = await checkedDetails(type, checkStringMap(req.ProviderDetails, 'providerDetails'));
    const mapping = checkStringMap(req.AttributeMapping, 'attributeMapping');
    // Cognito maps the user name from the OIDC subject unless told otherwise.
    const attributeMapping = type === 'OIDC' ? { username: 'sub', ...mapping } : mapping;
    // A concurrent create may have taken the name or an identifier while the metadata was fetched.
    if (this.find(userPoolId, name)) throw new IdentityProviderError('DuplicateProviderException', `A provider with the name ${name} already exists in this user pool.`);
    this.checkIdentifiersFree(userPoolId, name, identifiers);
    const now = this.now();
    const provider: IdentityProvider = { UserPoolId: userPoolId, ProviderName: name, ProviderType: type, ProviderDetails: details, AttributeMapping: attributeMapping, IdpIdentifiers: identifiers, LastModifiedDate: now, CreationDate: now };
    this.providers.push(provider);
    this.save();
    return provider;
  }

  async update(req: Record<string, unknown>): Promise<IdentityProvider> {
    const userPoolId = String(req.UserPoolId);
    const current = this.get(userPoolId, checkProviderName(req.ProviderName));
    const identifiers = req.IdpIdentifiers === undefined ? current.IdpIdentifiers : checkIdentifiers(req.IdpIdentifiers);
    this.checkIdentifiersFree(userPoolId, current.ProviderName, identifiers);
    const details = req.ProviderDetails === undefined ? current.ProviderDetails : await checkedDetails(current.ProviderType, checkStringMap(req.ProviderDetails, 'providerDetails'));
    const attributeMapping = req.AttributeMapping === undefined ? current.AttributeMapping : checkStringMap(req.AttributeMapping, 'attributeMapping');
    const latest = this.get(userPoolId, current.ProviderName);
    this.checkIdentifiersFree(userPoolId, current.ProviderName, identifiers);
    Object.assign(latest, { ProviderDetails: details, AttributeMapping: attributeMapping, IdpIdentifiers: identifiers, LastModifiedDate: this.now() });
    this.save();
    return latest;
  }

  delete(userPoolId: string, name: string) {
    const provider = this.get(userPoolId, name);
    this.providers = this.providers.filter((p) => p !== provider);
    this.save();
  }
}
