// A business's identity provider in Cognito (issue 24): created or updated (type SAML or OIDC, attribute mapping,
// IdpIdentifiers = the verified domains) and added to the app client's supported identity providers; deleted and
// removed again on disconnect. UpdateUserPoolClient replaces the whole client configuration, so the client is read,
// changed and written under a lease (one item in the table, a conditional write) so two owners saving at once lose
// nothing: the second waits for the first and then reads the first's result.
import { randomUUID } from 'node:crypto';
import type { UpdateUserPoolClientCommandInput, UserPoolClientType } from '@aws-sdk/client-cognito-identity-provider';
import { ssoMessages } from '../../../shared/messages/sso';
import { cognito } from '../adapters/cognito';
import { cognitoSdk } from '../adapters/sdk';
import { appClientConfig, ssoConfig, userPoolConfig } from '../config';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { acquireClientLease, releaseClientLease } from './repository';

export type ProviderConfig =
  | { type: 'SAML'; metadataUrl: string | null; metadataXml: string | null }
  | { type: 'OIDC'; issuer: string; clientId: string; clientSecret: string };

/**
 * The SAML attributes we ask every IdP to send, by these plain names (docs/deploy.md: Okta's attribute statements,
 * Entra ID's claim names, Google Workspace's attribute mapping); the NameID is the e-mail address too.
 */
export const SAML_ATTRIBUTES = { email: 'email', given_name: 'given_name', family_name: 'family_name', name: 'name' } as const;

const OIDC_ATTRIBUTES = { email: 'email', email_verified: 'email_verified', name: 'name', given_name: 'given_name', family_name: 'family_name' } as const;

function providerDetails(config: ProviderConfig): Record<string, string> {
  if (config.type === 'SAML') {
    return config.metadataUrl ? { MetadataURL: config.metadataUrl, IDPSignout: 'false' } : { MetadataFile: config.metadataXml ?? '', IDPSignout: 'false' };
  }
  return {
    client_id: config.clientId,
    client_secret: config.clientSecret,
    oidc_issuer: config.issuer,
    authorize_scopes: 'openid email profile',
    attributes_request_method: 'GET',
  };
}

const isNotFound = (error: unknown) => (error as { name?: string }).name === 'ResourceNotFoundException';

function refused(error: unknown): never {
  const e = error as { name?: string; message?: string };
  if (e.name === 'InvalidParameterException' || e.name === 'DuplicateProviderException' || e.name === 'UnsupportedIdentityProviderException') {
    logger.warn('Cognito refused an identity provider', { error: error as Error });
    throw new AppError('VALIDATION_FAILED', `${ssoMessages.identityProviderRefused}: ${e.message ?? e.name}`);
  }
  throw error;
}

/** The Cognito SDK and the pool's client, both loaded on first use. */
const cognitoWithSdk = () => Promise.all([cognitoSdk(), cognito()]);

/** Creates the provider, or updates it (its type cannot change in Cognito: then it is deleted and created again). */
export async function putIdentityProvider(providerName: string, config: ProviderConfig, idpIdentifiers: string[]): Promise<void> {
  const UserPoolId = userPoolConfig().USER_POOL_ID;
  const [sdk, client] = await cognitoWithSdk();
  const details = providerDetails(config);
  const AttributeMapping = config.type === 'SAML' ? { ...SAML_ATTRIBUTES } : { ...OIDC_ATTRIBUTES };
  let existingType: string | undefined;
  try {
    existingType = (await client.send(new sdk.DescribeIdentityProviderCommand({ UserPoolId, ProviderName: providerName }))).IdentityProvider?.ProviderType;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    if (existingType === config.type) {
      await client.send(new sdk.UpdateIdentityProviderCommand({ UserPoolId, ProviderName: providerName, ProviderDetails: details, AttributeMapping, IdpIdentifiers: idpIdentifiers }));
      return;
    }
    if (existingType) await client.send(new sdk.DeleteIdentityProviderCommand({ UserPoolId, ProviderName: providerName }));
    await client.send(
      new sdk.CreateIdentityProviderCommand({ UserPoolId, ProviderName: providerName, ProviderType: config.type, ProviderDetails: details, AttributeMapping, IdpIdentifiers: idpIdentifiers }),
    );
  } catch (error) {
    refused(error);
  }
}

/** Sets the provider's IdpIdentifiers (the verified domains) when a domain is verified or removed. */
export async function setIdpIdentifiers(providerName: string, idpIdentifiers: string[]): Promise<void> {
  const [sdk, client] = await cognitoWithSdk();
  try {
    await client.send(new sdk.UpdateIdentityProviderCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, ProviderName: providerName, IdpIdentifiers: idpIdentifiers }));
  } catch (error) {
    if (!isNotFound(error)) refused(error);
  }
}

export async function deleteIdentityProvider(providerName: string): Promise<void> {
  const [sdk, client] = await cognitoWithSdk();
  try {
    await client.send(new sdk.DeleteIdentityProviderCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, ProviderName: providerName }));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** Every field UpdateUserPoolClient takes, copied from the client as described (what is left out would be reset). */
export function clientUpdateOf(client: UserPoolClientType, supportedIdentityProviders: string[]): UpdateUserPoolClientCommandInput {
  return {
    UserPoolId: client.UserPoolId,
    ClientId: client.ClientId,
    ClientName: client.ClientName,
    RefreshTokenValidity: client.RefreshTokenValidity,
    AccessTokenValidity: client.AccessTokenValidity,
    IdTokenValidity: client.IdTokenValidity,
    TokenValidityUnits: client.TokenValidityUnits,
    ReadAttributes: client.ReadAttributes,
    WriteAttributes: client.WriteAttributes,
    ExplicitAuthFlows: client.ExplicitAuthFlows,
    SupportedIdentityProviders: supportedIdentityProviders,
    CallbackURLs: client.CallbackURLs,
    LogoutURLs: client.LogoutURLs,
    DefaultRedirectURI: client.DefaultRedirectURI,
    AllowedOAuthFlows: client.AllowedOAuthFlows,
    AllowedOAuthScopes: client.AllowedOAuthScopes,
    AllowedOAuthFlowsUserPoolClient: client.AllowedOAuthFlowsUserPoolClient,
    AnalyticsConfiguration: client.AnalyticsConfiguration,
    PreventUserExistenceErrors: client.PreventUserExistenceErrors,
    EnableTokenRevocation: client.EnableTokenRevocation,
    EnablePropagateAdditionalUserContextData: client.EnablePropagateAdditionalUserContextData,
    AuthSessionValidity: client.AuthSessionValidity,
    RefreshTokenRotation: client.RefreshTokenRotation,
  };
}

const LEASE_SECONDS = 30;
const WAIT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `change` holding the app client's lease (waits up to 20 s for another save; 409 'busy' beyond). */
export async function withClientLease<T>(change: () => Promise<T>): Promise<T> {
  const clientId = appClientConfig().USER_POOL_CLIENT_ID;
  const holder = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  let pause = 50;
  while (!(await acquireClientLease(clientId, holder, LEASE_SECONDS))) {
    if (Date.now() > deadline) throw new AppError('CONFLICT', ssoMessages.busy);
    await sleep(pause + Math.random() * pause);
    pause = Math.min(pause * 2, 500);
  }
  try {
    return await change();
  } finally {
    await releaseClientLease(clientId, holder);
  }
}

/**
 * The app client's read-modify-write: Describe → `change` the supported identity providers → Update (every other
 * setting copied) under the lease; nothing is written when the list does not change. Returns the list it left.
 */
export async function changeClientProviders(change: (current: string[]) => string[]): Promise<string[]> {
  const UserPoolId = userPoolConfig().USER_POOL_ID;
  const ClientId = appClientConfig().USER_POOL_CLIENT_ID;
  const [sdk, client] = await cognitoWithSdk();
  return withClientLease(async () => {
    const { UserPoolClient } = await client.send(new sdk.DescribeUserPoolClientCommand({ UserPoolId, ClientId }));
    if (!UserPoolClient) throw new Error('The app client was not found');
    const current = UserPoolClient.SupportedIdentityProviders ?? [];
    const next = change(current);
    if (next.length === current.length && next.every((name) => current.includes(name))) return current;
    await client.send(new sdk.UpdateUserPoolClientCommand(clientUpdateOf(UserPoolClient, next)));
    return next;
  });
}

/** Adds (`present`) or removes the provider in the app client's supported identity providers, in one serialised step. */
export async function setClientProvider(providerName: string, present: boolean): Promise<void> {
  await changeClientProviders((current) => (present ? [...new Set([...current, providerName])] : current.filter((name) => name !== providerName)));
}

/** What the identity provider needs from us (shown in Company Settings). */
export function serviceProviderDetails() {
  const origin = ssoConfig().SSO_AUTH_ORIGIN.replace(/\/$/, '');
  return {
    acsUrl: `${origin}/saml2/idpresponse`,
    audience: `urn:amazon:cognito:sp:${userPoolConfig().USER_POOL_ID}`,
    redirectUri: `${origin}/oauth2/idpresponse`,
  };
}
