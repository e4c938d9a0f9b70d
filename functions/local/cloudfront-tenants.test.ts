// The CloudFront tenant stand-in answers the real @aws-sdk/client-cloudfront as CloudFront does (issue 21 §2): the
// walk of a .localhost name, a name that stays without DNS, and CloudFront's errors (taken domain, wrong If-Match,
// deleting an enabled tenant, unknown tenant).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CloudFrontClient,
  CreateDistributionTenantCommand,
  DeleteDistributionTenantCommand,
  GetDistributionTenantCommand,
  GetManagedCertificateDetailsCommand,
  UpdateDistributionTenantCommand,
  VerifyDnsConfigurationCommand,
} from '@aws-sdk/client-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_DNS_REASON, LOCAL_CERTIFICATE_SECONDS, LOCAL_DNS_SECONDS, startCloudFrontTenants } from './cloudfront-tenants';
import type { StandIn } from './stand-in-server';

const port = 12966 + Number(process.env.TEST_PORT_OFFSET ?? 0);
const stateFile = join(mkdtempSync(join(tmpdir(), 'tenants-')), 'tenants.json');
let clock = 1_000_000;
let standIn: StandIn;
const cf = new CloudFrontClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
const create = (name: string, domain: string) =>
  cf.send(new CreateDistributionTenantCommand({ DistributionId: 'E2TEST', Name: name, Domains: [{ Domain: domain }], ManagedCertificateRequest: { ValidationTokenHost: 'cloudfront' }, Enabled: true }));
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (error: Error & { $metadata?: { httpStatusCode?: number } }) => [error.name, error.$metadata?.httpStatusCode]);

beforeAll(async () => {
  standIn = await startCloudFrontTenants(port, '127.0.0.1', stateFile, () => clock);
});
afterAll(async () => {
  await standIn.close();
});

describe('CloudFront tenant stand-in', () => {
  it('walks a .localhost name: DNS after a second, the certificate five seconds later, the domain active', async () => {
    const { DistributionTenant: t, ETag } = await create('walk', 'cards.walk.localhost');
    expect(t).toMatchObject({ DistributionId: 'E2TEST', Name: 'walk', Enabled: true, Status: 'InProgress', Domains: [{ Domain: 'cards.walk.localhost', Status: 'inactive' }] });
    expect(ETag).toMatch(/^E/);
    const dns = async () => (await cf.send(new VerifyDnsConfigurationCommand({ Identifier: t!.Id!, Domain: 'cards.walk.localhost' }))).DnsConfigurationList![0]!.Status;
    const cert = async () => (await cf.send(new GetManagedCertificateDetailsCommand({ Identifier: t!.Id! }))).ManagedCertificateDetails!.CertificateStatus;
    expect([await dns(), await cert()]).toEqual(['invalid-configuration', 'pending-validation']);
    clock += LOCAL_DNS_SECONDS;
    expect([await dns(), await cert()]).toEqual(['valid-configuration', 'pending-validation']);
    clock += LOCAL_CERTIFICATE_SECONDS - LOCAL_DNS_SECONDS - 0.5;
    expect([await dns(), await cert()]).toEqual(['valid-configuration', 'pending-validation']);
    clock += 0.5;
    expect([await dns(), await cert()]).toEqual(['valid-configuration', 'issued']);
    const got = await cf.send(new GetDistributionTenantCommand({ Identifier: 'walk' }));
    expect(got.DistributionTenant).toMatchObject({ Status: 'Deployed', Domains: [{ Status: 'active' }] });
    // Kept in the data folder, so a restart keeps the tenant.
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toHaveLength(1);
  });

  it('keeps any other name without DNS, with the reason CloudFront gives', async () => {
    const { DistributionTenant: t } = await create('other', 'cards.other.example.com');
    clock += 60;
    const { DnsConfigurationList } = await cf.send(new VerifyDnsConfigurationCommand({ Identifier: t!.Id!, Domain: 'cards.other.example.com' }));
    expect(DnsConfigurationList).toEqual([{ Domain: 'cards.other.example.com', Status: 'invalid-configuration', Reason: INVALID_DNS_REASON }]);
    expect((await cf.send(new GetManagedCertificateDetailsCommand({ Identifier: t!.Id! }))).ManagedCertificateDetails?.CertificateStatus).toBe('pending-validation');
  });

  it('answers CloudFront’s errors: a taken domain or name, a wrong If-Match, deleting an enabled tenant, an unknown tenant', async () => {
    const { DistributionTenant: t, ETag } = await create('errors', 'cards.errors.example.com');
    expect(await errorOf(create('errors-2', 'cards.errors.example.com'))).toEqual(['CNAMEAlreadyExists', 409]);
    expect(await errorOf(create('errors', 'cards.errors-2.example.com'))).toEqual(['EntityAlreadyExists', 409]);
    expect(await errorOf(cf.send(new DeleteDistributionTenantCommand({ Id: t!.Id!, IfMatch: 'E-WRONG' })))).toEqual(['PreconditionFailed', 412]);
    expect(await errorOf(cf.send(new DeleteDistributionTenantCommand({ Id: t!.Id!, IfMatch: ETag! })))).toEqual(['ResourceInUse', 409]);
    const disabled = await cf.send(new UpdateDistributionTenantCommand({ Id: t!.Id!, IfMatch: ETag!, DistributionId: 'E2TEST', Domains: [{ Domain: 'cards.errors.example.com' }], Enabled: false }));
    expect(disabled.DistributionTenant?.Enabled).toBe(false);
    expect(await errorOf(cf.send(new DeleteDistributionTenantCommand({ Id: t!.Id!, IfMatch: ETag! })))).toEqual(['PreconditionFailed', 412]);
    await cf.send(new DeleteDistributionTenantCommand({ Id: t!.Id!, IfMatch: disabled.ETag! }));
    expect(await errorOf(cf.send(new GetDistributionTenantCommand({ Identifier: t!.Id! })))).toEqual(['EntityNotFound', 404]);
    // Its domain is free again.
    expect((await create('errors-3', 'cards.errors.example.com')).DistributionTenant?.Name).toBe('errors-3');
  });
});
