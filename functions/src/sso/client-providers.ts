// After a deploy (issue 24): CloudFormation owns the app client and, whenever it updates it, writes CDK's own
// SupportedIdentityProviders (COGNITO, Google) back, which drops every business's `sso-…` provider. This puts them
// back: the pool's providers named `sso-…` whose business's connection (the table) names that provider, merged into
// the client's list through the same lease and Describe → merge → Update as a connect (identity-providers.ts), so
// every other client setting stays as CloudFormation just wrote it. A provider in the pool without a connection (a
// half-finished connect or disconnect) is not added: the table says which businesses use SSO.
import { cognito } from '../adapters/cognito';
import { cognitoSdk } from '../adapters/sdk';
import { userPoolConfig } from '../config';
import { changeClientProviders } from './identity-providers';
import { businessIdOfProviderName } from './provider-name';
import { getSsoConnection, providerNamesOf } from './repository';

/** The pool's `sso-…` providers that a business has connected (ListIdentityProviders, then the connection of each). */
export async function connectedProviderNames(): Promise<string[]> {
  const [sdk, client] = await Promise.all([cognitoSdk(), cognito()]);
  const UserPoolId = userPoolConfig().USER_POOL_ID;
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(new sdk.ListIdentityProvidersCommand({ UserPoolId, MaxResults: 60, NextToken }));
    for (const provider of page.Providers ?? []) if (provider.ProviderName) names.push(provider.ProviderName);
    NextToken = page.NextToken;
  } while (NextToken);
  const connected: string[] = [];
  for (const name of names) {
    const businessId = businessIdOfProviderName(name);
    if (businessId && providerNamesOf(await getSsoConnection(businessId)).includes(name)) connected.push(name);
  }
  return connected.sort();
}

/** Adds every connected provider the app client lacks; returns the ones it added (none: nothing was written). */
export async function restoreClientProviders(): Promise<string[]> {
  const wanted = await connectedProviderNames();
  let added: string[] = [];
  await changeClientProviders((current) => {
    added = wanted.filter((name) => !current.includes(name));
    return [...current, ...added];
  });
  return added;
}
