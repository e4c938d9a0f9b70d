// CloudFront SaaS Manager (issue 21 §2): one distribution tenant per agency domain on the card-traffic distribution,
// with a CloudFront-managed certificate. The only module that talks to CloudFront; locally the SDK reaches the stand-in
// (functions/local/cloudfront-tenants.ts) through CLOUDFRONT_ENDPOINT, unchanged.
import type { CloudFrontClient, DistributionTenant, ManagedCertificateDetails } from '@aws-sdk/client-cloudfront';
import { localClientOptions, tenantsConfig } from '../config';
import { lazy } from '../lib/lazy';
import { cloudFrontSdk } from './sdk';

/** The CloudFront client; the SDK loads with it, on first use (functions/src/adapters/sdk.ts). */
const cloudFrontClient = lazy(async (): Promise<CloudFrontClient> => {
  const { CloudFrontClient } = await cloudFrontSdk();
  // CloudFront is a global service signed in us-east-1.
  return new CloudFrontClient({ region: 'us-east-1', maxAttempts: 2, ...localClientOptions(tenantsConfig().CLOUDFRONT_ENDPOINT) });
});

/** The SDK's commands and the client. */
async function cloudFront() {
  const [sdk, client] = await Promise.all([cloudFrontSdk(), cloudFrontClient()]);
  return { sdk, client };
}

/** What a tenant looks like now: the tenant, its certificate and whether the domain's DNS points at CloudFront. */
export interface TenantSnapshot {
  tenant: DistributionTenant;
  etag: string;
  certificate: ManagedCertificateDetails | null;
  /** valid-configuration | invalid-configuration | unknown-configuration, with CloudFront's reason. */
  dns: { status: string; reason: string | null };
}

/** Creates the tenant of `domain` with a managed certificate whose HTTP validation token CloudFront serves itself. */
export async function createTenant(name: string, domain: string): Promise<{ id: string; etag: string }> {
  const { sdk, client } = await cloudFront();
  const { DistributionTenant: tenant, ETag } = await client.send(
    new sdk.CreateDistributionTenantCommand({
      DistributionId: tenantsConfig().TENANT_DISTRIBUTION_ID,
      ConnectionGroupId: tenantsConfig().TENANT_CONNECTION_GROUP_ID,
      Name: name,
      Domains: [{ Domain: domain }],
      ManagedCertificateRequest: { ValidationTokenHost: 'cloudfront', PrimaryDomainName: domain },
      Enabled: true,
    }),
  );
  return { id: tenant!.Id!, etag: ETag! };
}

/** Reads the tenant, its managed certificate and the domain's DNS check. */
export async function readTenant(id: string, domain: string): Promise<TenantSnapshot> {
  const { sdk, client } = await cloudFront();
  const [got, cert, dns] = await Promise.all([
    client.send(new sdk.GetDistributionTenantCommand({ Identifier: id })),
    client.send(new sdk.GetManagedCertificateDetailsCommand({ Identifier: id })).catch((error: Error) => {
      if (error.name === 'EntityNotFound') return { ManagedCertificateDetails: undefined };
      throw error;
    }),
    client.send(new sdk.VerifyDnsConfigurationCommand({ Identifier: id, Domain: domain })),
  ]);
  const check = dns.DnsConfigurationList?.find((d) => d.Domain === domain) ?? dns.DnsConfigurationList?.[0];
  return {
    tenant: got.DistributionTenant!,
    etag: got.ETag!,
    certificate: cert.ManagedCertificateDetails ?? null,
    dns: { status: check?.Status ?? 'unknown-configuration', reason: check?.Reason ?? null },
  };
}

/**
 * Removes a tenant: CloudFront deletes only a disabled one, so it is disabled first (with the ETag just read) and then
 * deleted with the ETag the update returned. A tenant already gone counts as removed.
 */
export async function removeTenant(id: string): Promise<void> {
  const { sdk, client } = await cloudFront();
  try {
    const { DistributionTenant: tenant, ETag } = await client.send(new sdk.GetDistributionTenantCommand({ Identifier: id }));
    let etag = ETag!;
    if (tenant!.Enabled) {
      const updated = await client.send(
        new sdk.UpdateDistributionTenantCommand({ Id: id, IfMatch: etag, DistributionId: tenant!.DistributionId, Domains: tenant!.Domains?.map((d) => ({ Domain: d.Domain! })), Enabled: false }),
      );
      etag = updated.ETag!;
    }
    await client.send(new sdk.DeleteDistributionTenantCommand({ Id: id, IfMatch: etag }));
  } catch (error) {
    if ((error as Error).name === 'EntityNotFound') return;
    throw error;
  }
}
