// Custom domains (issue 21 §2) in AWS: the multi-tenant card distribution (ConnectionMode tenant-only) with the card
// routes and media only, its viewer-request function setting the custom-domain header from Host, its connection
// group, and the tenant actions granted to the custom-domains function alone, on that distribution and its tenants.
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ACTIONS } from '../../infra/app-environment';
import { TENANT_HOST_FUNCTION } from '../../infra/card-tenants';
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

/** Runs the CloudFront Function's handler on a request (it is plain ES5 JavaScript). */
function runHostFunction(request: { uri: string; method: string; headers: Record<string, { value: string }> }) {
  const handler = new Function(`${TENANT_HOST_FUNCTION}; return handler;`)() as (event: unknown) => Record<string, unknown>;
  return handler({ request });
}

describe('the card tenant distribution', () => {
  it('is tenant-only, in the API stack, with the API and the card page URL (origin-verify header) as origins, media through the card page', () => {
    const config = tenantDistribution();
    expect(config.ConnectionMode).toBe('tenant-only');
    // No bucket origin: straight from the bucket any business's file would be served on any agency's domain.
    expect(config.Origins.map((o) => o.Id).sort()).toEqual(['api', 'cardPage']);
    expect(config.Origins.find((o) => o.Id === 'api')!.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['X-Origin-Verify']);
    // The card page: its function URL, signed by an origin access control of type lambda (always, SigV4).
    const cardPage = config.Origins.find((o) => o.Id === 'cardPage')!;
    expect(cardPage.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['X-Origin-Verify']);
    expect(JSON.stringify(cardPage.DomainName)).toContain('AreacardPageFunctionFunctionUrl');
    const [[accessId, access]] = resourcesOf(api, 'AWS::CloudFront::OriginAccessControl').filter(([, r]) => JSON.stringify(r.Properties).includes('"lambda"')) as [[string, { Properties: Record<string, unknown> }]];
    expect(access.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    expect(cardPage.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [accessId, 'Id'] });
    expect(config.DefaultCacheBehavior).toMatchObject({ TargetOriginId: 'api', ViewerProtocolPolicy: 'https-only' });
    expect(config.DefaultCacheBehavior.FunctionAssociations.map((f) => f.EventType)).toEqual(['viewer-request']);
    expect(config.CacheBehaviors.map((b) => [b.PathPattern, b.TargetOriginId])).toEqual([['/media/*', 'cardPage'], ['/card/*', 'cardPage']]);
    // Media is cached per domain (the header is in the cache key) and passes the viewer function that sets it.
    const mediaBehavior = config.CacheBehaviors[0] as unknown as typeof config.DefaultCacheBehavior & { CachePolicyId: { Ref: string } };
    expect(mediaBehavior.FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
    const mediaCache = resourcesOf(api, 'AWS::CloudFront::CachePolicy').find(([id]) => id === mediaBehavior.CachePolicyId.Ref)!;
    expect(JSON.stringify(mediaCache[1].Properties)).toContain('X-Cardcrew-Custom-Domain');
    // The card page keeps the viewer function (its Host as the custom domain) and the forwarded headers of the other card routes.
    const cardBehavior = config.CacheBehaviors[1] as unknown as typeof config.DefaultCacheBehavior & { OriginRequestPolicyId: unknown; AllowedMethods: string[] };
    expect(cardBehavior.FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
    expect(cardBehavior.OriginRequestPolicyId).toEqual((config.DefaultCacheBehavior as unknown as { OriginRequestPolicyId: unknown }).OriginRequestPolicyId);
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

  it("passes the card routes with the viewer's Host as the domain (over any claimed one) and answers 404 for every other path", () => {
    const card = runHostFunction({ uri: '/card/demo-card-sam-baker', method: 'GET', headers: { host: { value: 'Cards.Bright.Example' }, 'x-cardcrew-custom-domain': { value: 'evil.example' } } });
    expect((card as { headers: Record<string, { value: string }> }).headers['x-cardcrew-custom-domain']).toEqual({ value: 'cards.bright.example' });
    expect(runHostFunction({ uri: '/api/public/cards/abc1234567/vcard', method: 'GET', headers: { host: { value: 'a.example' } } })).toHaveProperty('uri');
    expect(runHostFunction({ uri: '/api/public/cards/abc1234567/contact', method: 'POST', headers: { host: { value: 'a.example' } } })).toHaveProperty('uri');
    const media = runHostFunction({ uri: '/media/qr/b1/c1/v1.png', method: 'GET', headers: { host: { value: 'a.example' } } }) as { headers: Record<string, { value: string }> };
    expect(media.headers['x-cardcrew-custom-domain']).toEqual({ value: 'a.example' });
    for (const [uri, method] of [['/', 'GET'], ['/api/agency', 'GET'], ['/api/health', 'GET'], ['/card/x', 'POST'], ['/config.json', 'GET'], ['/card/a/b', 'GET']]) {
      expect(runHostFunction({ uri: uri!, method: method!, headers: { host: { value: 'a.example' } } }), `${method} ${uri}`).toEqual({ statusCode: 404, statusDescription: 'Not Found' });
    }
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
