// The web stack: the CloudFront distribution that is the product's single public origin — the SPA from the site
// bucket, /api/* and /scim/* from the HTTP API, /card/* from the card page's function URL, /media/* from the media
// bucket — plus the SPA's files and the runtime config.json it reads at boot.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Annotations,
  Aws,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { HSTS_MAX_AGE_SECONDS, mediaContentSecurityPolicy, spaContentSecurityPolicy } from '../functions/security-headers';
import { framedPatterns, pageFiles, SPA_SHELL_FILE } from '../shared/public-pages';
import { REPO_ROOT } from './app-function';
import type { DeployConfig } from './deploy-config';
import { nagText } from './nag';
import type { NamedExport } from './stateful-stack';

export interface WebStackProps extends StackProps {
  /** Deployment parameters read from context. */
  readonly config: DeployConfig;
  readonly siteBucket: s3.IBucket;
  /** The site bucket's ARN as a named import (BucketDeployment writes it into an IAM policy). */
  readonly siteBucketArn: NamedExport;
  readonly mediaBucket: s3.IBucket;
  /** Receives CloudFront standard logs (ACLs enabled). */
  readonly logsBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** Host name of the Cognito OAuth domain (no scheme). */
  readonly oauthDomain: string;
  /** Host name of the HTTP API's execute-api endpoint. */
  readonly apiDomainName: string;
  /** The card page's function URL (IAM auth): the origin of /card/*, signed by origin access control. */
  readonly cardPageUrl: lambda.IFunctionUrl;
  /**
   * Folder of the built SPA (`npm run build:web`). Deployed only when it exists at synth time.
   * @default `${REPO_ROOT}/web/dist`
   */
  readonly webDistPath?: string;
  /** The secret CloudFront sends to the API as `X-Origin-Verify`. */
  readonly originVerifySecret: secretsmanager.ISecret;
  /** ARN of the us-east-1 WAF web ACL (infra/edge-stack.ts); absent in an environment-agnostic synth. */
  readonly webAclArn?: string;
}

/** Viewer headers the API handlers read (body type, language, scan detection, Stripe's signature, CORS origin, Wallet's If-Modified-Since). */
export const API_VIEWER_HEADERS = ['Accept', 'Accept-Language', 'Content-Type', 'Origin', 'Referer', 'User-Agent', 'Purpose', 'Sec-Purpose', 'Stripe-Signature', 'If-Modified-Since'];

/**
 * The prerendered public pages and signed-in frames get their HTML file (shared/public-pages.ts); every other client-side route (no file
 * extension in the last path segment) gets the SPA shell. Files are served as they are.
 */
export const SPA_FALLBACK_FUNCTION = `
var pages = ${JSON.stringify(pageFiles)};
var patterns = ${JSON.stringify(framedPatterns)}.map(function (p) {
  return [new RegExp(p[0]), p[1]];
});
function has(key) {
  return Object.prototype.hasOwnProperty.call(pages, key);
}
function fileFor(uri, tab) {
  if (tab && has(uri + '?tab=' + tab)) return pages[uri + '?tab=' + tab];
  if (has(uri)) return pages[uri];
  for (var i = 0; i < patterns.length; i++) if (patterns[i][0].test(uri)) return patterns[i][1];
  return ${JSON.stringify(SPA_SHELL_FILE)};
}
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/' + fileFor(request.uri, request.querystring.tab && request.querystring.tab.value);
  return request;
}`;

/** /media/{key} → S3 key {key}: MEDIA_BASE_URL is `{origin}/media`, the objects are stored without the prefix. */
export const MEDIA_PREFIX_FUNCTION = `
function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring('/media'.length) || '/';
  return request;
}`;

/**
 * The SPA's security headers and CSP, for the platform's distribution and the card tenants' (an agency's domain serves
 * the same app): Cognito (SRP and token refresh), the hosted OAuth domain, and presigned POST uploads to the media bucket.
 */
export function siteHeadersPolicy(scope: Construct, id: string, p: { oauthDomain: string; mediaBucketDomain: string }): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: 'CardCrew SPA security headers',
    securityHeadersBehavior: {
      ...commonSecurityHeaders(),
      contentSecurityPolicy: {
        override: true,
        contentSecurityPolicy: spaContentSecurityPolicy({
          connect: [`https://cognito-idp.${Aws.REGION}.amazonaws.com`, `https://${p.oauthDomain}`, `https://${p.mediaBucketDomain}`],
          formAction: [`https://${p.oauthDomain}`],
          upgradeInsecureRequests: true,
        }),
      },
    },
  });
}

export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  /** `https://{custom domain or distribution domain}`. */
  readonly publicOrigin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    // The buckets are referenced by attributes, not as constructs: their policies (incl. the OAC grant) live in
    // the stateful stack, and editing them from here would make the two stacks depend on each other.
    const siteBucket = s3.Bucket.fromBucketAttributes(this, 'SiteBucketRef', {
      bucketArn: props.siteBucketArn.value,
      bucketName: props.siteBucket.bucketName,
      bucketRegionalDomainName: props.siteBucket.bucketRegionalDomainName,
    });
    const mediaBucket = s3.Bucket.fromBucketAttributes(this, 'MediaBucketRef', {
      bucketArn: props.mediaBucket.bucketArn,
      bucketName: props.mediaBucket.bucketName,
      bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
    });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The stateful stack grants cloudfront.amazonaws.com read access (OAC) in the bucket policies it owns.',
    );

    const siteHeaders = siteHeadersPolicy(this, 'SiteHeaders', { oauthDomain: props.oauthDomain, mediaBucketDomain: props.mediaBucket.bucketRegionalDomainName });
    // API responses and the server-rendered card page set their own Content-Security-Policy.
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'CardCrew API and card page security headers (CSP comes from the origin)',
      securityHeadersBehavior: commonSecurityHeaders(),
    });
    // User uploads are re-encoded images; this makes sure nothing served from /media can ever run as a page.
    const mediaHeaders = new cloudfront.ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'CardCrew media security headers',
      securityHeadersBehavior: {
        ...commonSecurityHeaders(),
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: mediaContentSecurityPolicy,
        },
      },
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      // The API refuses requests without it: it is reachable only through this distribution (and its WAF).
      customHeaders: { 'X-Origin-Verify': props.originVerifySecret.secretValue.unsafeUnwrap() },
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    // The API answers `no-store` (and errors carry no Cache-Control, so DefaultTTL 0 applies): nothing is cached. The
    // cache key names Authorization only because that is how CloudFront forwards it; a policy whose TTLs are all 0
    // may not name headers. Accept-Encoding normalisation lets CloudFront compress the API's answers.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCachePolicy', {
      comment: 'CardCrew API: never cached; forwards Authorization; compressed at the edge',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // What the handlers read, and CloudFront-Viewer-Address: behind CloudFront the API's sourceIp is the edge server,
    // so per-visitor rate limits key on this header. Host is not forwarded: it must stay the API's own.
    const apiOriginRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequestPolicy', {
      comment: 'CardCrew API: the viewer headers the handlers read plus the viewer address',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, 'CloudFront-Viewer-Address'),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const apiBehavior = (allowedMethods: cloudfront.AllowedMethods): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods,
      cachePolicy: apiCachePolicy,
      originRequestPolicy: apiOriginRequestPolicy,
      responseHeadersPolicy: apiHeaders,
      compress: true,
    });

    const customDomain =
      config.domainName && config.certificateArn
        ? { domainName: config.domainName, certificateArn: config.certificateArn }
        : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `CardCrew ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        compress: true,
        // SPA fallback on this behaviour only: distribution-wide error responses would also rewrite API 404s.
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaFallback', {
              comment: 'Prerendered public pages to their HTML, other client-side routes to the SPA shell',
              code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_FUNCTION),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': apiBehavior(cloudfront.AllowedMethods.ALLOW_ALL),
        // The card page: its function URL, not API Gateway (issue 25 §2: the HTTP API's $1.00 a million requests was
        // half of what a scan cost). The WAF's per-IP rate rule limits it; the handler still checks X-Origin-Verify.
        '/card/*': {
          ...apiBehavior(cloudfront.AllowedMethods.ALLOW_GET_HEAD),
          origin: origins.FunctionUrlOrigin.withOriginAccessControl(props.cardPageUrl, {
            customHeaders: { 'X-Origin-Verify': props.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
        },
        // SCIM 2.0 directory sync (issue 23 §1): identity providers call /scim/v2 on the site with their SCIM bearer token;
        // like /api/*: never cached, every method, Authorization forwarded (the handler checks the token itself).
        '/scim/*': apiBehavior(cloudfront.AllowedMethods.ALLOW_ALL),
        '/media/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaders,
          compress: true,
          functionAssociations: [
            {
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
              function: new cloudfront.Function(this, 'MediaPrefix', {
                comment: 'Strip /media from the S3 key',
                code: cloudfront.FunctionCode.fromInline(MEDIA_PREFIX_FUNCTION),
                runtime: cloudfront.FunctionRuntime.JS_2_0,
              }),
            },
          ],
        },
      },
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });

    const suppressions = [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: digital business cards are shared and scanned worldwide.',
      },
    ];
    if (!props.webAclArn) {
      suppressions.push({
        id: 'AwsSolutions-CFR2',
        reason:
          'Environment-agnostic synth: the WAF web ACL lives in a us-east-1 edge stack that needs a concrete account and region (cdk deploy with credentials creates it; infra/edge-stack.ts).',
      });
    }
    if (!customDomain) {
      suppressions.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be set; with domainName+certificateArn the stack sets TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge(...suppressions);

    this.publicOrigin = config.publicOrigin ?? `https://${this.distribution.distributionDomainName}`;

    // What the SPA reads at boot (web/src/lib/config.ts validates it): no build-time environment, so one build
    // serves every stage. The null fields exist only in local mode (cognito-local proxy, local mailbox).
    const runtimeConfig = {
      region: Aws.REGION,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      userPoolEndpoint: null,
      authFlow: 'USER_SRP_AUTH',
      oauthDomain: props.oauthDomain,
      publicOrigin: this.publicOrigin,
      local: false,
      mailboxUrl: null,
      // A wallet shows its button only where its issuer secret is configured (docs/deploy.md).
      wallets: { google: props.config.googleWalletSecretName !== undefined, apple: props.config.appleWalletSecretName !== undefined },
    };

    const webDist = props.webDistPath ?? join(REPO_ROOT, 'web', 'dist');
    const hasBuild = existsSync(join(webDist, 'index.html'));
    // Content-hashed assets first (cached for a year), then the shell (index.html, public files, config.json)
    // that must never be cached stale. Neither prunes: old hashed chunks stay for browsers still on the
    // previous index.html.
    const hashedAssets =
      hasBuild && existsSync(join(webDist, 'assets'))
        ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
            sources: [s3deploy.Source.asset(join(webDist, 'assets'))],
            destinationBucket: siteBucket,
            destinationKeyPrefix: 'assets/',
            prune: false,
            cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
            memoryLimit: 512,
          })
        : undefined;
    // Without web/dist (the SPA not built yet, e.g. in tests) only config.json is deployed; run
    // `npm run build:web` before `cdk deploy` to ship the app.
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      sources: [
        ...(hasBuild ? [s3deploy.Source.asset(webDist, { exclude: ['assets', 'assets/**'] })] : []),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      destinationBucket: siteBucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (hashedAssets) shell.node.addDependency(hashedAssets);
    this.acknowledgeBucketDeploymentProvider(props.siteBucketArn.value);

    new CfnOutput(this, 'PublicOrigin', {
      value: this.publicOrigin,
      description: 'The site (set as -c publicOrigin=… if no custom domain; see docs/deploy.md)',
    });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /**
   * BucketDeployment runs a CDK-managed singleton Lambda (created at stack level). Its role and runtime are the
   * library's, not ours; its findings are acknowledged on that construct only.
   */
  private acknowledgeBucketDeploymentProvider(siteBucketArn: string): void {
    const qualifier = this.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const providers = this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const s3Reason = (what: string) =>
      `CDK BucketDeployment provider: copies the SPA from the CDK asset bucket into the site bucket (${what}); the grants are generated by the library and limited to those two buckets.`;
    for (const provider of providers) {
      Validations.of(provider).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK BucketDeployment provider: the library-managed role uses AWSLambdaBasicExecutionRole only to write its own logs.',
        },
        {
          id: 'AwsSolutions-L1',
          reason:
            'CDK BucketDeployment provider: the library pins the runtime its bundled AWS CLI layer is built for; it is upgraded with aws-cdk-lib.',
        },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'CDK BucketDeployment provider: cloudfront:CreateInvalidation/GetInvalidation after an upload do not support resource-level permissions here.',
        },
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: s3Reason(`${action} action group`),
        })),
        {
          id: `AwsSolutions-IAM5[Resource::${nagText(this, `arn:${this.partition}:s3:::cdk-${qualifier}-assets-${this.account}-${this.region}/*`)}]`,
          reason: s3Reason('reads the uploaded asset zip from the CDK bootstrap asset bucket'),
        },
        {
          id: `AwsSolutions-IAM5[Resource::${nagText(this, siteBucketArn)}/*]`,
          reason: s3Reason('writes objects into the site bucket'),
        },
      );
    }
  }
}

/** CloudFront's form of functions/security-headers.ts `commonSecurityHeaders` (the web-stack test checks they agree). */
function commonSecurityHeaders(): cloudfront.ResponseSecurityHeadersBehavior {
  return {
    strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
    referrerPolicy: {
      referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
      override: true,
    },
  };
}
