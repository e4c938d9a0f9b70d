// The CloudFormation custom resource that runs after the app client on every deploy that changes it (infra,
// `SsoClientProviders`, through the custom-resources Provider framework): Create and Update put the businesses'
// identity providers back into the client (client-providers.ts); Delete does nothing (the client and the providers
// belong to the pool, which is retained).
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { appClientConfig } from '../config';
import { logger } from '../lib/logger';
import { restoreClientProviders } from './client-providers';

export interface ProviderFrameworkResult {
  PhysicalResourceId: string;
  Data?: Record<string, string>;
}

export async function handler(event: CloudFormationCustomResourceEvent): Promise<ProviderFrameworkResult> {
  const PhysicalResourceId = `sso-client-providers-${appClientConfig().USER_POOL_CLIENT_ID}`;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const added = await restoreClientProviders();
  logger.info('SSO identity providers put back into the app client after a deploy', { added: added.length });
  return { PhysicalResourceId, Data: { Added: String(added.length) } };
}
