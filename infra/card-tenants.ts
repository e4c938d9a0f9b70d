// Custom domains (issue 21 §2): the multi-tenant CloudFront distribution that each agency domain joins as a distribution
// tenant at run time (ConnectionMode tenant-only, CloudFront SaaS Manager), and the connection group whose routing
// endpoint an agency's CNAME points at. An active domain serves its agency's clients' whole product
// (docs/decisions.md "The agency's domain serves its clients' product"): the app from the site bucket (every page the
// domain shell, the platform's marketing pages and SCIM 404), /api/* (the API, whose caller check refuses anyone but
// the agency's and its clients' people there), the card page (its function URL, with origin access control), and
// /media through the card page function, which serves only the files of the domain's agency and its clients
// (functions/src/card-page/media-on-domain.ts; straight from the bucket any business's file would be served on any
// agency's domain). A viewer-request function copies the viewer's Host into X-Cardcrew-Custom-Domain on every route to
// the API or the card page (overwriting whatever the viewer sent); the platform distribution never forwards that
// header, so the API can trust it (functions/src/lib/custom-domain-header.ts). The WAF web ACL of the platform's
// distribution guards this one too.
import { Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { DOMAIN_SHELL_FILE, platformOnlyPages } from '../shared/public-pages';
import { API_VIEWER_HEADERS, siteHeadersPolicy } from './web-stack';

/** The header the tenant distribution sets from Host (functions/src/card-page/custom-domain-host.ts). */
export const CUSTOM_DOMAIN_HEADER = 'X-Cardcrew-Custom-Domain';

/** Viewer request on the tenant distribution's API, card and media behaviours: the domain they came on, from Host. */
export const TENANT_HOST_FUNCTION = `
function handler(event) {
  var request = event.request;
  var host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  request.headers['${CUSTOM_DOMAIN_HEADER.toLowerCase()}'] = { value: host };
  return request;
}`;

/**
 * Viewer request on the tenant distribution's site behaviour: every page (a path without a file extension) is the
 * domain shell, the platform's marketing pages and SCIM are 404 there, files (assets, config.json) are served as they are.
 */
export const TENANT_SITE_FUNCTION = `
var platformOnly = ${JSON.stringify(platformOnlyPages)};
function handler(event) {
  var request = event.request;
  var path = request.uri.replace(/\\/$/, '') || '/';
  if (platformOnly.indexOf(path) !== -1 || path === '/scim' || path.indexOf('/scim/') === 0) return { statusCode: 404, statusDescription: 'Not Found' };
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/${DOMAIN_SHELL_FILE}';
  return request;
}`;

export interface CardTenantDistributionProps {
  readonly stage: string;
  /** Host name of the HTTP API's execute-api endpoint. */
  readonly apiDomainName: string;
  readonly originVerifySecret: secretsmanager.ISecret;
  /** The web app's bucket (read through origin access control; the stateful stack's policy allows this account's distributions). */
  readonly siteBucket: s3.IBucket;
  /** For the app's Content-Security-Policy, as on the platform's distribution. */
  readonly oauthDomain: string;
  readonly mediaBucketDomain: string;
  /** The edge stack's WAF web ACL (us-east-1); absent from an environment-agnostic synth, as on the platform's distribution. */
  readonly webAclArn?: string;
}

export class CardTenantDistribution extends Construct {
  readonly distributionId: string;
  readonly distributionArn: string;
  readonly connectionGroupId: string;
  readonly connectionGroupArn: string;
  /** Where an agency's CNAME points, e.g. d111111abcdef8.cloudfront.net. */
  readonly routingEndpoint: string;
  private readonly origins: cloudfront.CfnDistribution.OriginProperty[];
  private readonly cacheBehaviors: cloudfront.CfnDistribution.CacheBehaviorProperty[];
  private readonly cardRoute: Pick<cloudfront.CfnDistribution.CacheBehaviorProperty, 'originRequestPolicyId' | 'functionAssociations'>;
  private readonly originVerifyValue: string;

  constructor(scope: Construct, id: string, props: CardTenantDistributionProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const connectionGroup = new cloudfront.CfnConnectionGroup(this, 'ConnectionGroup', { name: `cardcrew-${props.stage}-cards`, enabled: true, ipv6Enabled: true });
    const hostFunction = new cloudfront.Function(this, 'TenantHost', {
      comment: 'The viewer Host as X-Cardcrew-Custom-Domain',
      code: cloudfront.FunctionCode.fromInline(TENANT_HOST_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const originRequest = new cloudfront.OriginRequestPolicy(this, 'CardOriginRequest', {
      comment: 'CardCrew card tenants: the viewer headers the card routes read, the viewer address and the custom domain',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, 'CloudFront-Viewer-Address', CUSTOM_DOMAIN_HEADER),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });

    const siteFunction = new cloudfront.Function(this, 'TenantSite', {
      comment: 'Pages to the domain shell; the platform marketing pages and SCIM 404',
      code: cloudfront.FunctionCode.fromInline(TENANT_SITE_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const siteAccess = new cloudfront.S3OriginAccessControl(this, 'SiteAccess', { description: 'CardCrew card tenants: site bucket' });
    const siteHeaders = siteHeadersPolicy(this, 'SiteHeaders', { oauthDomain: props.oauthDomain, mediaBucketDomain: props.mediaBucketDomain });
    // As the platform's API behaviour: never cached, Authorization forwarded (only a cache policy can forward it).
    const apiCache = new cloudfront.CachePolicy(this, 'ApiCache', {
      comment: 'CardCrew card tenants: the API, never cached; forwards Authorization',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.originVerifyValue = props.originVerifySecret.secretValue.unsafeUnwrap();
    this.origins = [
      {
        id: 'api',
        domainName: props.apiDomainName,
        customOriginConfig: { originProtocolPolicy: 'https-only', originSslProtocols: ['TLSv1.2'] },
        originCustomHeaders: [{ headerName: 'X-Origin-Verify', headerValue: this.originVerifyValue }],
      },
      {
        id: 'site',
        domainName: props.siteBucket.bucketRegionalDomainName,
        s3OriginConfig: { originAccessIdentity: '' },
        originAccessControlId: siteAccess.originAccessControlId,
      },
    ];
    this.cacheBehaviors = [
      {
        pathPattern: '/api/*',
        targetOriginId: 'api',
        viewerProtocolPolicy: 'https-only',
        allowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        cachedMethods: ['GET', 'HEAD'],
        cachePolicyId: apiCache.cachePolicyId,
        originRequestPolicyId: originRequest.originRequestPolicyId,
        compress: true,
        functionAssociations: [{ eventType: 'viewer-request', functionArn: hostFunction.functionArn }],
      },
    ];
    this.cardRoute = { originRequestPolicyId: originRequest.originRequestPolicyId, functionAssociations: [{ eventType: 'viewer-request', functionArn: hostFunction.functionArn }] };

    const distribution = new cloudfront.CfnDistribution(this, 'Distribution', {
      distributionConfig: {
        comment: `CardCrew ${props.stage} card pages on agency domains (multi-tenant)`,
        enabled: true,
        connectionMode: 'tenant-only',
        httpVersion: 'http2and3',
        origins: this.origins,
        defaultCacheBehavior: {
          targetOriginId: 'site',
          viewerProtocolPolicy: 'redirect-to-https',
          allowedMethods: ['GET', 'HEAD'],
          cachedMethods: ['GET', 'HEAD'],
          cachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
          responseHeadersPolicyId: siteHeaders.responseHeadersPolicyId,
          compress: true,
          functionAssociations: [{ eventType: 'viewer-request', functionArn: siteFunction.functionArn }],
        },
        cacheBehaviors: this.cacheBehaviors,
        // Each tenant brings its own CloudFront-managed certificate (CreateDistributionTenant's ManagedCertificateRequest).
        viewerCertificate: { cloudFrontDefaultCertificate: true },
        ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      },
    });
    Validations.of(distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'No geo restriction: digital business cards are shared and scanned worldwide.' },

      { id: 'AwsSolutions-CFR3', reason: 'Card traffic on agency domains is logged by the API (access logs) and the card page Lambda; CloudFront standard logs of the tenants are not kept.' },
      { id: 'AwsSolutions-CFR4', reason: "Viewers reach tenants only on the tenant's own domain with its CloudFront-managed certificate (TLS 1.2 minimum); the distribution's default certificate is never served." },
      { id: 'AwsSolutions-CFR5', reason: 'The API and card page origins are HTTPS with TLS 1.2 only; the card page function URL and the S3 origin use origin access control.' },
    );

    if (!props.webAclArn) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason: 'Environment-agnostic synth: the WAF web ACL lives in a us-east-1 edge stack that needs a concrete account and region (cdk deploy with credentials creates it; infra/edge-stack.ts).',
      });
    }

    this.distributionId = distribution.ref;
    this.distributionArn = stack.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: distribution.ref });
    this.connectionGroupId = connectionGroup.attrId;
    this.connectionGroupArn = connectionGroup.attrArn;
    this.routingEndpoint = connectionGroup.attrRoutingEndpoint;
  }

  /**
   * /card/* from the card page's function URL (IAM auth), signed by an origin access control of type lambda, with the
   * same viewer function and forwarded headers as the other card routes. Called once the function exists (the API
   * stack builds the functions after this distribution, whose id their environment names).
   */
  serveCardPageFrom(url: lambda.FunctionUrl): void {
    const access = new cloudfront.CfnOriginAccessControl(this, 'CardPageAccess', {
      originAccessControlConfig: {
        name: `${Stack.of(this).stackName}-card-page`.slice(0, 64),
        description: 'CardCrew card tenants: card page function URL',
        originAccessControlOriginType: 'lambda',
        signingBehavior: 'always',
        signingProtocol: 'sigv4',
      },
    });
    this.origins.push({
      id: 'cardPage',
      domainName: Fn.select(2, Fn.split('/', url.url)),
      customOriginConfig: { originProtocolPolicy: 'https-only', originSslProtocols: ['TLSv1.2'] },
      originAccessControlId: access.attrId,
      originCustomHeaders: [{ headerName: 'X-Origin-Verify', headerValue: this.originVerifyValue }],
    });
    // Media: cached (the objects are immutable) per domain, since one key is a file on one agency's domain and a 404 on
    // another's; the domain header in the cache key is also what reaches the function.
    const mediaCache = new cloudfront.CachePolicy(this, 'MediaByDomain', {
      comment: 'CardCrew card tenants: media, cached per custom domain',
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(CUSTOM_DOMAIN_HEADER),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      defaultTtl: Duration.days(1),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });
    this.cacheBehaviors.push({
      pathPattern: '/media/*',
      targetOriginId: 'cardPage',
      viewerProtocolPolicy: 'redirect-to-https',
      allowedMethods: ['GET', 'HEAD'],
      cachedMethods: ['GET', 'HEAD'],
      cachePolicyId: mediaCache.cachePolicyId,
      compress: true,
      functionAssociations: this.cardRoute.functionAssociations,
    });
    this.cacheBehaviors.push({
      pathPattern: '/card/*',
      targetOriginId: 'cardPage',
      viewerProtocolPolicy: 'https-only',
      allowedMethods: ['GET', 'HEAD'],
      cachedMethods: ['GET', 'HEAD'],
      cachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      compress: true,
      ...this.cardRoute,
    });
    // What FunctionUrlOrigin.withOriginAccessControl grants for an L2 distribution: both actions, from this one only.
    new lambda.CfnPermission(this, 'CardPageUrlInvoke', { principal: 'cloudfront.amazonaws.com', action: 'lambda:InvokeFunctionUrl', functionName: url.functionArn, sourceArn: this.distributionArn });
    new lambda.CfnPermission(this, 'CardPageInvoke', { principal: 'cloudfront.amazonaws.com', action: 'lambda:InvokeFunction', functionName: url.functionArn, sourceArn: this.distributionArn, invokedViaFunctionUrl: true });
  }
}
