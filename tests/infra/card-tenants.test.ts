// Custom domains (issue 21 §2) in AWS: the multi-tenant card distribution (ConnectionMode tenant-only) serving an agency's
// clients' product (the app in the domain shell, the API, card pages, media through the card page function), its
// viewer-request functions (the custom-domain header from Host; pages to the domain shell, marketing pages and SCIM
// 404), its WAF web ACL, its connection group, and the tenant actions granted to the custom-domains function alone.
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ACTIONS } from '../../infra/app-environment';
import { TENANT_HOST_FUNCTION, TENANT_SITE_FUNCTION } from '../../infra/card-tenants';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

let api: Template;
let web: Template;

beforeAll(() => {
  ({ api, web } = synthCardCrew());
});

type Config = {
  ConnectionMode?: string;
  Origins: { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string }[]; OriginAccessControlId?: unknown }[];
  DefaultCacheBehavior: { TargetOriginId: string; FunctionAssociations: { EventType: string }[]; ViewerProtocolPolicy: string };
  CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
};

function tenantDistribution(): Config {
  const found = resourcesOf(api, 'AWS::CloudFront::Distribution').map(([, r]) => r.Properties.DistributionConfig as Config);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Runs a CloudFront Function's handler on a request (it is plain ES5 JavaScript). */
function runFunction(code: string, request: { uri: string; method: string; headers: Record<string, { value: string }> }) {
  const handler = new Function(`${code}; return handler;`)() as (event: unknown) => Record<string, unknown>;
  return handler({ request });
}
const runHostFunction = (request: Parameters<typeof runFunction>[1]) => runFunction(TENANT_HOST_FUNCTION, request);

describe('the card tenant distribution', () => {
  it('is tenant-only, in the API stack, with the site bucket (OAC), the API and the card page URL (origin-verify header) as origins, media through the card page', () => {
    const config = tenantDistribution();
    expect(config.ConnectionMode).toBe('tenant-only');
    // No bucket origin: straight from the bucket any business's file would be served on any agency's domain.
    expect(config.Origins.map((o) => o.Id).sort()).toEqual(['api', 'cardPage', 'site']);
    expect(config.Origins.find((o) => o.Id === 'site')!.OriginAccessControlId).toBeDefined();
    expect(config.Origins.find((o) => o.Id === 'api')!.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['X-Origin-Verify']);
    // The card page: its function URL, signed by an origin access control of type lambda (always, SigV4).
    const cardPage = config.Origins.find((o) => o.Id === 'cardPage')!;
    expect(cardPage.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['X-Origin-Verify']);
    expect(JSON.stringify(cardPage.DomainName)).toContain('AreacardPageFunctionFunctionUrl');
    const [[accessId, access]] = resourcesOf(api, 'AWS::CloudFront::OriginAccessControl').filter(([, r]) => JSON.stringify(r.Properties).includes('"lambda"')) as [[string, { Properties: Record<string, unknown> }]];
    expect(access.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    expect(cardPage.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [accessId, 'Id'] });
    expect(config.DefaultCacheBehavior).toMatchObject({ TargetOriginId: 'site', ViewerProtocolPolicy: 'redirect-to-https' });
    expect(config.DefaultCacheBehavior.FunctionAssociations.map((f) => f.EventType)).toEqual(['viewer-request']);
    expect(config.CacheBehaviors.map((b) => [b.PathPattern, b.TargetOriginId])).toEqual([['/api/*', 'api'], ['/media/*', 'cardPage'], ['/card/*', 'cardPage']]);
    const apiBehavior = config.CacheBehaviors[0] as unknown as typeof config.DefaultCacheBehavior & { OriginRequestPolicyId: unknown; CachePolicyId: { Ref: string } };
    expect(apiBehavior.ViewerProtocolPolicy).toBe('https-only');
    // Authorization reaches the API (only a cache policy can forward it).
    expect(JSON.stringify(resourcesOf(api, 'AWS::CloudFront::CachePolicy').find(([id]) => id === apiBehavior.CachePolicyId.Ref)![1].Properties)).toContain('Authorization');
    // Media is cached per domain (the header is in the cache key) and passes the viewer function that sets it.
    const mediaBehavior = config.CacheBehaviors[1] as unknown as typeof config.DefaultCacheBehavior & { CachePolicyId: { Ref: string } };
    expect(mediaBehavior.FunctionAssociations).toEqual(apiBehavior.FunctionAssociations);
    const mediaCache = resourcesOf(api, 'AWS::CloudFront::CachePolicy').find(([id]) => id === mediaBehavior.CachePolicyId.Ref)!;
    expect(JSON.stringify(mediaCache[1].Properties)).toContain('X-Cardcrew-Custom-Domain');
    // The card page keeps the viewer function (its Host as the custom domain) and the forwarded headers of the other card routes.
    const cardBehavior = config.CacheBehaviors[2] as unknown as typeof config.DefaultCacheBehavior & { OriginRequestPolicyId: unknown; AllowedMethods: string[] };
    expect(cardBehavior.FunctionAssociations).toEqual(apiBehavior.FunctionAssociations);
    expect(cardBehavior.OriginRequestPolicyId).toEqual(apiBehavior.OriginRequestPolicyId);
    expect(cardBehavior.AllowedMethods).toEqual(['GET', 'HEAD']);
    // The platform distribution stays the only one in the web stack.
    expect(resourcesOf(web, 'AWS::CloudFront::Distribution')).toHaveLength(1);
    expect(resourcesOf(api, 'AWS::CloudFront::ConnectionGroup')).toHaveLength(1);
  });

  it('forwards the custom-domain header it sets, and the platform distribution does not forward it', () => {
    const policies = [...resourcesOf(api, 'AWS::CloudFront::OriginRequestPolicy'), ...resourcesOf(web, 'AWS::CloudFront::OriginRequestPolicy')].map(
      ([, r]) => JSON.stringify(r.Properties),
    );
    expect(policies.filter((p) => p.includes('X-Cardcrew-Custom-Domain'))).toHaveLength(1);
    expect(resourcesOf(web, 'AWS::CloudFront::OriginRequestPolicy').every(([, r]) => !JSON.stringify(r.Properties).includes('X-Cardcrew-Custom-Domain'))).toBe(true);
  });

  it("names the viewer's Host as the domain on the API, card and media routes, over any claimed one", () => {
    const card = runHostFunction({ uri: '/card/demo-card-sam-baker', method: 'GET', headers: { host: { value: 'Cards.Bright.Example' }, 'x-cardcrew-custom-domain': { value: 'evil.example' } } });
    expect((card as { headers: Record<string, { value: string }> }).headers['x-cardcrew-custom-domain']).toEqual({ value: 'cards.bright.example' });
    for (const uri of ['/api/me', '/api/public/cards/abc1234567/vcard', '/media/qr/b1/c1/v1.png']) {
      const passed = runHostFunction({ uri, method: 'GET', headers: { host: { value: 'a.example' } } }) as { uri: string; headers: Record<string, { value: string }> };
      expect(passed.uri, uri).toBe(uri);
      expect(passed.headers['x-cardcrew-custom-domain'], uri).toEqual({ value: 'a.example' });
    }
  });

  it('serves every page of the app as the domain shell, files as they are, and the marketing pages and SCIM as 404', () => {
    const site = (uri: string) => runFunction(TENANT_SITE_FUNCTION, { uri, method: 'GET', headers: { host: { value: 'a.example' } } });
    for (const uri of ['/', '/auth', '/business', '/business/abc', '/employee-portal', '/pay/xyz']) expect(site(uri), uri).toHaveProperty('uri', '/domain.html');
    for (const uri of ['/config.json', '/assets/index-abc.js']) expect(site(uri), uri).toHaveProperty('uri', uri);
    for (const uri of ['/pricing', '/about/', '/terms', '/privacy', '/scim/v2/Users']) expect(site(uri), uri).toEqual({ statusCode: 404, statusDescription: 'Not Found' });
  });

  it('puts the edge stack’s WAF web ACL in front of the tenants when deploying to an account, as in front of the platform', () => {
    const deployed = synthCardCrew({ env: { account: '123456789012', region: 'eu-west-1' } });
    const [[, distribution]] = resourcesOf(deployed.api, 'AWS::CloudFront::Distribution') as [[string, { Properties: { DistributionConfig: { WebACLId?: unknown } } }]];
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeDefined();
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toMatch(/WebAcl/);
    // The environment-agnostic synth has no edge stack, so no web ACL (and says why).
    expect((tenantDistribution() as unknown as { WebACLId?: unknown }).WebACLId).toBeUndefined();
  });

  it('grants the tenant actions to the custom-domains function only, on the distribution, its connection group and its tenants', () => {
    const statements = resourcesOf(api, 'AWS::IAM::Policy').flatMap(([id, r]) =>
      ((r.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement).map((s) => ({ id, ...s })),
    );
    const cloudFront = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('cloudfront:')));
    expect(cloudFront).toHaveLength(1);
    expect(cloudFront[0]!.id).toMatch(/^AreacustomDomains/);
    expect([cloudFront[0]!.Action].flat().sort()).toEqual([...TENANT_ACTIONS].sort());
    const resources = JSON.stringify(cloudFront[0]!.Resource);
    expect(resources).toContain(':distribution/');
    expect(resources).toContain('distribution-tenant/*');
    expect(resources).toContain('ConnectionGroup');
    expect(resources).not.toMatch(/"\*"/);
  });
});
