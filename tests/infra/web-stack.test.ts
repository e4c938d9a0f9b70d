// The web stack: one CloudFront origin for the SPA, /api/*, /card/* and /media/*, with security headers, the SPA
// fallback only where it belongs, and the runtime config.json the SPA boots from.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonSecurityHeaders, HSTS_MAX_AGE_SECONDS, mediaContentSecurityPolicy, spaContentSecurityPolicy } from '../../functions/security-headers';
import { framedPages, prerenderedPages } from '../../shared/public-pages';
import { resourcesOf, synthCardCrew, TEST_ORIGIN } from './synth-cardcrew';

type Props = Record<string, unknown>;
interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  AllowedMethods?: string[];
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
  ResponseHeadersPolicyId?: { Ref: string };
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: Props }[];
  CustomErrorResponses?: unknown;
  Logging?: Props;
  Aliases?: string[];
  ViewerCertificate?: Props;
  DefaultRootObject?: string;
}

// Managed CloudFront policy ids (AWS-defined constants).
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

let web: Template;
let config: DistributionConfig;

function distributionConfig(template: Template): DistributionConfig {
  const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [
    [string, { Properties: { DistributionConfig: DistributionConfig } }],
  ];
  return distribution.Properties.DistributionConfig;
}
function behavior(path: string): Behavior {
  const found = config.CacheBehaviors.find((b) => b.PathPattern === path);
  if (!found) throw new Error(`no behaviour for ${path}`);
  return found;
}
function originOf(b: Behavior) {
  return config.Origins.find((o) => o.Id === b.TargetOriginId);
}
/** Runs a CloudFront Function's code (plain JS) on a viewer request for `uri`. */
/** Runs a viewer-request function on `path` (with a query string, as CloudFront passes it: parsed, names to values). */
function runViewerRequest(functionLogicalId: string, path: string): string {
  const code = (web.toJSON().Resources[functionLogicalId].Properties as { FunctionCode: string }).FunctionCode;
  const handler = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
  const [uri, search = ''] = path.split('?');
  const querystring = Object.fromEntries([...new URLSearchParams(search)].map(([name, value]) => [name, { value }]));
  return handler({ request: { uri, querystring, headers: {} } }).uri;
}

beforeAll(() => {
  ({ web } = synthCardCrew());
  config = distributionConfig(web);
});

describe('the distribution', () => {
  it('serves the SPA from the site bucket through origin access control', () => {
    const origin = originOf(config.DefaultCacheBehavior);
    expect(JSON.stringify(origin?.DomainName)).toContain('SiteBucket');
    expect(origin?.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(config.DefaultRootObject).toBe('index.html');
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
  });

  it('sends /api/* and /scim/* (all methods) to the HTTP API and /card/* to its function URL, uncached and compressed, with the viewer address but not Host', () => {
    const resources = web.toJSON().Resources as Record<string, { Type: string; Properties: Props }>;
    for (const path of ['/api/*', '/card/*', '/scim/*']) {
      const b = behavior(path);
      const refs = b as unknown as { Compress?: boolean; CachePolicyId: { Ref: string }; OriginRequestPolicyId: { Ref: string } };
      expect(refs.Compress, path).toBe(true);
      const cache = resources[refs.CachePolicyId.Ref]!.Properties.CachePolicyConfig as Props;
      expect(cache, path).toMatchObject({
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: {
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
        },
      });
      expect(cache.MaxTTL as number, path).toBeLessThanOrEqual(1);
      const forwarded = resources[refs.OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig as {
        HeadersConfig: { HeaderBehavior: string; Headers: string[] };
        QueryStringsConfig: Props;
      };
      expect(forwarded.HeadersConfig.HeaderBehavior, path).toBe('whitelist');
      expect(forwarded.HeadersConfig.Headers, path).toEqual(expect.arrayContaining(['CloudFront-Viewer-Address', 'Content-Type', 'Sec-Purpose', 'Stripe-Signature']));
      expect(forwarded.HeadersConfig.Headers.map((h) => h.toLowerCase()), path).not.toContain('host');
      expect(forwarded.QueryStringsConfig, path).toEqual({ QueryStringBehavior: 'all' });
      const origin = originOf(b);
      // The card page: its function URL with origin access control (issue 25 §2: no API Gateway charge per scan).
      expect(JSON.stringify(origin?.DomainName), path).toContain(path === '/card/*' ? 'AreacardPageFunctionFunctionUrl' : 'HttpApi');
      expect(origin?.OriginAccessControlId !== undefined, path).toBe(path === '/card/*');
      expect((origin as { OriginCustomHeaders?: { HeaderName: string }[] } | undefined)?.OriginCustomHeaders?.map((h) => h.HeaderName), path).toEqual(['X-Origin-Verify']);
      expect(origin?.CustomOriginConfig, path).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
      expect(b.FunctionAssociations, path).toBeUndefined();
    }
    expect(behavior('/api/*').AllowedMethods?.sort()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'OPTIONS',
      'PATCH',
      'POST',
      'PUT',
    ]);
    expect(behavior('/card/*').AllowedMethods?.sort()).toEqual(['GET', 'HEAD']);
    // Only this distribution may call the card page's URL: both grants name it as the source.
    const grants = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Permission');
    expect(grants.map((g) => [g.Properties.Action, g.Properties.Principal]).sort()).toEqual([
      ['lambda:InvokeFunction', 'cloudfront.amazonaws.com'],
      ['lambda:InvokeFunctionUrl', 'cloudfront.amazonaws.com'],
    ]);
    for (const grant of grants) expect(JSON.stringify(grant.Properties.SourceArn)).toContain('Distribution');
    const [access] = Object.values(resources).filter((r) => r.Type === 'AWS::CloudFront::OriginAccessControl' && JSON.stringify(r.Properties).includes('"lambda"'));
    expect(access?.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    // SCIM 2.0 (issue 23 §1): identity providers GET, POST, PUT, PATCH and DELETE.
    expect(behavior('/scim/*').AllowedMethods?.sort()).toEqual(behavior('/api/*').AllowedMethods?.sort());
  });

  it('serves /media/* from the media bucket through origin access control, cached', () => {
    const b = behavior('/media/*');
    const origin = originOf(b);
    expect(JSON.stringify(origin?.DomainName)).toContain('MediaBucket');
    expect(origin?.OriginAccessControlId).toBeDefined();
    expect(b).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, AllowedMethods: ['GET', 'HEAD'] });
  });

  it('strips /media from the S3 key, so MEDIA_BASE_URL/{key} reads object {key}', () => {
    const fn = behavior('/media/*').FunctionAssociations?.[0]?.FunctionARN['Fn::GetAtt'][0] ?? '';
    expect(runViewerRequest(fn, '/media/logos/b1/logo.png')).toBe('/logos/b1/logo.png');
  });

  it('serves the prerendered public pages and signed-in frames their HTML and other client-side routes the SPA shell, on the default behaviour only (no distribution-wide error pages)', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
    const [association] = config.DefaultCacheBehavior.FunctionAssociations ?? [];
    expect(association?.EventType).toBe('viewer-request');
    const fn = association?.FunctionARN['Fn::GetAtt'][0] ?? '';
    expect(runViewerRequest(fn, '/')).toBe('/index.html');
    expect(runViewerRequest(fn, '/pricing')).toBe('/pricing.html');
    expect(runViewerRequest(fn, '/auth')).toBe('/auth.html');
    for (const [path, file] of Object.entries(prerenderedPages)) expect(runViewerRequest(fn, path)).toBe(`/${file}`);
    for (const [path, file] of Object.entries(framedPages)) expect(runViewerRequest(fn, path)).toBe(`/${file}`);
    expect(runViewerRequest(fn, '/business')).toBe('/business.html');
    // The agency's Manage view of a client draws the dashboard's frame; the onboarding page is a page of its own.
    expect(runViewerRequest(fn, '/business/demo-business-northwind')).toBe('/business.html');
    expect(runViewerRequest(fn, '/business/onboarding')).toBe('/app.html');
    expect(runViewerRequest(fn, '/business/b1/extra')).toBe('/app.html');
    expect(runViewerRequest(fn, '/business-onboarding')).toBe('/app.html');
    expect(runViewerRequest(fn, '/profile')).toBe('/app.html');
    // The admin portal's frame is the open tab's; an unknown tab gets the Dashboard's (the page shows Dashboard then).
    expect(runViewerRequest(fn, '/admin?tab=users')).toBe('/admin-users.html');
    expect(runViewerRequest(fn, '/admin?tab=billing')).toBe('/admin-billing.html');
    expect(runViewerRequest(fn, '/admin?tab=nope')).toBe('/admin.html');
    expect(runViewerRequest(fn, '/admin')).toBe('/admin.html');
    expect(runViewerRequest(fn, '/businesses/b1/dashboard')).toBe('/app.html');
    expect(runViewerRequest(fn, '/pricing/extra')).toBe('/app.html');
    expect(runViewerRequest(fn, '/constructor')).toBe('/app.html');
    expect(runViewerRequest(fn, '/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(runViewerRequest(fn, '/pricing.html')).toBe('/pricing.html');
    expect(runViewerRequest(fn, '/config.json')).toBe('/config.json');
  });

  it('sends the HTML pages (prerendered and shell) with no-cache, so every visit revalidates them', () => {
    const dist = mkdtempSync(join(tmpdir(), 'cardcrew-dist-'));
    mkdirSync(join(dist, 'assets'));
    for (const file of [...Object.values(prerenderedPages), ...Object.values(framedPages), 'app.html']) writeFileSync(join(dist, file), '<!doctype html><title>t</title>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {}');
    const deployments = resourcesOf(synthCardCrew({ webDistPath: dist }).web, 'Custom::CDKBucketDeployment');
    expect(deployments.find(([id]) => id.startsWith('DeployShell'))?.[1].Properties).toMatchObject({ SystemMetadata: { 'cache-control': 'no-cache' } });
  });

  it('logs to the logs bucket', () => {
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
    expect(JSON.stringify(config.Logging?.Bucket)).toContain('LogsBucket');
  });

  it('uses the default certificate without a custom domain', () => {
    expect(config.Aliases).toBeUndefined();
  });

  it('serves a custom domain with its ACM certificate and TLS 1.2 (2021) minimum', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
    const custom = distributionConfig(
      synthCardCrew({ context: { domainName: 'cards.example.com', certificateArn } }).web,
    );
    expect(custom.Aliases).toEqual(['cards.example.com']);
    expect(custom.ViewerCertificate).toMatchObject({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });
});

describe('security headers', () => {
  function headersOf(b: Behavior): Props {
    const id = b.ResponseHeadersPolicyId?.Ref ?? '';
    return (web.toJSON().Resources[id].Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Props })
      .SecurityHeadersConfig;
  }

  it('are set on every behaviour: HSTS, nosniff, frame DENY, strict-origin-when-cross-origin', () => {
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(headersOf(b), b.PathPattern ?? 'default').toMatchObject({
        StrictTransportSecurity: expect.objectContaining({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      });
    }
  });

  it('are the ones the local server sends (one definition: functions/security-headers.ts)', () => {
    const spa = headersOf(config.DefaultCacheBehavior);
    expect((spa.StrictTransportSecurity as Props).AccessControlMaxAgeSec).toBe(HSTS_MAX_AGE_SECONDS);
    expect(commonSecurityHeaders['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    expect((headersOf(behavior('/media/*')).ContentSecurityPolicy as Props).ContentSecurityPolicy).toBe(mediaContentSecurityPolicy);
    const csp = JSON.stringify((spa.ContentSecurityPolicy as Props).ContentSecurityPolicy);
    for (const directive of spaContentSecurityPolicy({ connect: [], formAction: [], upgradeInsecureRequests: true }).split('; ')) {
      // Each directive of the shared policy, extended only by the AWS origins it lists.
      expect(csp, directive).toContain(directive.split(' ')[0]);
    }
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('give the SPA a CSP that allows itself, Cognito, the OAuth domain and uploads to the media bucket — nothing else', () => {
    const csp = JSON.stringify(
      (headersOf(config.DefaultCacheBehavior).ContentSecurityPolicy as Props).ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain('https://cognito-idp.');
    expect(csp).toContain('.amazoncognito.com');
    expect(csp).toContain('MediaBucket');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('leave the CSP of API responses and the card page to the origin, and sandbox media', () => {
    expect(headersOf(behavior('/api/*')).ContentSecurityPolicy).toBeUndefined();
    expect(headersOf(behavior('/card/*')).ContentSecurityPolicy).toBeUndefined();
    expect((headersOf(behavior('/media/*')).ContentSecurityPolicy as Props).ContentSecurityPolicy).toContain('sandbox');
  });
});

describe('the SPA files and its runtime config', () => {
  it('says Google Wallet is available where its issuer secret is configured (the portal then shows the button)', () => {
    const { app } = synthCardCrew({ context: { googleWalletSecretName: 'cardcrew/dev/wallet' } });
    const assembly = app.synth();
    const configFile = readdirSync(assembly.directory)
      .map((entry) => join(assembly.directory, entry, 'config.json'))
      .find((file) => existsSync(file));
    expect(JSON.parse(readFileSync(configFile ?? '', 'utf8'))).toMatchObject({ wallets: { google: true, apple: false } });
  });

  it('deploys config.json with what the SPA needs to boot against AWS', () => {
    const { app, web: template } = synthCardCrew();
    const shell = resourcesOf(template, 'Custom::CDKBucketDeployment').find(([id]) =>
      id.startsWith('DeployShell'),
    )?.[1];
    expect(shell?.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });

    // Source.jsonData stages config.json as an asset, with deploy-time values as markers resolved by the deployment.
    const assembly = app.synth();
    const configFile = readdirSync(assembly.directory)
      .map((entry) => join(assembly.directory, entry, 'config.json'))
      .find((file) => existsSync(file));
    expect(configFile).toBeDefined();
    const runtimeConfig = JSON.parse(readFileSync(configFile ?? '', 'utf8')) as Record<string, unknown>;
    expect(Object.keys(runtimeConfig).sort()).toEqual([
      'authFlow',
      'local',
      'mailboxUrl',
      'oauthDomain',
      'publicOrigin',
      'region',
      'userPoolClientId',
      'userPoolEndpoint',
      'userPoolId',
      'wallets',
    ]);
    expect(runtimeConfig).toMatchObject({
      authFlow: 'USER_SRP_AUTH',
      local: false,
      publicOrigin: TEST_ORIGIN,
      userPoolEndpoint: null,
      mailboxUrl: null,
      // No wallet secret in this synth: no wallet button.
      wallets: { google: false, apple: false },
    });

    const markers = Object.assign({}, ...(shell?.Properties.SourceMarkers as Props[])) as Props;
    // The deploy-time value behind the first marker in a field.
    const valueOf = (field: string) =>
      JSON.stringify(markers[/<<marker:[^>]+>>/.exec(String(runtimeConfig[field]))?.[0] ?? '']);
    expect(valueOf('region')).toBe('{"Ref":"AWS::Region"}');
    expect(valueOf('userPoolId')).toMatch(/OutputRefUserPool[0-9A-F]{8}/);
    expect(valueOf('userPoolClientId')).toContain('OutputRefUserPoolWebClient');
    expect(valueOf('oauthDomain')).toContain('OutputRefUserPoolDomain');
    expect(String(runtimeConfig.oauthDomain)).toMatch(/^<<marker:[^>]+>>\.auth\.<<marker:[^>]+>>\.amazoncognito\.com$/);
  });

  it('skips the SPA files when web/dist does not exist, and ships them (hashed assets cached for a year) when it does', () => {
    const missing = synthCardCrew({ webDistPath: join(tmpdir(), 'cardcrew-no-such-dist') }).web;
    expect(
      resourcesOf(missing, 'Custom::CDKBucketDeployment').map(([id]) => id.replace(/CustomResource.*/, '')),
    ).toEqual(['DeployShell']);

    const dist = mkdtempSync(join(tmpdir(), 'cardcrew-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {}');
    const built = synthCardCrew({ webDistPath: dist }).web;
    const deployments = resourcesOf(built, 'Custom::CDKBucketDeployment');
    expect(deployments.map(([id]) => id.replace(/CustomResource.*/, '')).sort()).toEqual([
      'DeployAssets',
      'DeployShell',
    ]);
    expect(deployments.find(([id]) => id.startsWith('DeployAssets'))?.[1].Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('outputs the public origin', () => {
    web.hasOutput('PublicOrigin', { Value: TEST_ORIGIN });
  });
});
