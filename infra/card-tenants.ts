// Custom domains (issue 21 §2): the multi-tenant CloudFront distribution for card traffic (ConnectionMode
// tenant-only, CloudFront SaaS Manager) that each agency domain joins as a distribution tenant at run time, and the
// connection group whose routing endpoint an agency's CNAME points at. It serves what a card link needs and nothing
// else: the card page (its function URL, with origin access control), its vCard and contact form (the API), each with
// the origin-verify header, and /media through the card page function, which serves only the files of the domain's
// agency and its clients (functions/src/card-page/media-on-domain.ts; straight from the bucket any business's file
// would be served on any agency's domain). A viewer-request function copies the viewer's Host into
// X-Cardcrew-Custom-Domain (overwriting whatever the viewer sent) and answers 404 for every other path; the platform distribution never forwards that header, so the API
// can trust it (functions/src/card-page/custom-domain-host.ts).
import { Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_VIEWER_HEADERS } from './web-stack';

/** The header the tenant distribution sets from Host (functions/src/card-page/custom-domain-host.ts). */
export const CUSTOM_DOMAIN_HEADER = 'X-Cardcrew-Custom-Domain';

/** Viewer request on the tenant distribution's API behaviour: the card routes only, with the domain they came on. */
export const TENANT_HOST_FUNCTION = `
var routes = [
  [/^\\/card\\/[^\\/]+$/, ['GET', 'HEAD']],
  [/^\\/api\\/public\\/cards\\/[^\\/]+\\/vcard$/, ['GET', 'HEAD']],
  [/^\\/api\\/public\\/cards\\/[^\\/]+\\/contact$/, ['POST']],
  [/^\\/media\\/.+$/, ['GET', 'HEAD']]
];
function handler(event) {
  var request = event.request;
  var routed = routes.some(function (r) { return r[0].test(request.uri) && r[1].indexOf(request.method) !== -1; });
  if (!routed) return { statusCode: 404, statusDescription: 'Not Found' };
  var host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  request.headers['${CUSTOM_DOMAIN_HEADER.toLowerCase()}'] = { value: host };
  return request;
}`;

export interface CardTenantDistributionProps {
  readonly stage: string;
  /** Host name of the HTTP API's execute-api endpoint. */
  readonly apiDomainName: string;
  readonly originVerifySecret: secretsmanager.ISecret;
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
      comment: 'Card routes only; the viewer Host as X-Cardcrew-Custom-Domain',
      code: cloudfront.FunctionCode.fromInline(TENANT_HOST_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const originRequest = new cloudfront.OriginRequestPolicy(this, 'CardOriginRequest', {
      comment: 'CardCrew card tenants: the viewer headers the card routes read, the viewer address and the custom domain',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, 'CloudFront-Viewer-Address', CUSTOM_DOMAIN_HEADER),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });

    this.originVerifyValue = props.originVerifySecret.secretValue.unsafeUnwrap();
    this.origins = [
      {
        id: 'api',
        domainName: props.apiDomainName,
        customOriginConfig: { originProtocolPolicy: 'https-only', originSslProtocols: ['TLSv1.2'] },
        originCustomHeaders: [{ headerName: 'X-Origin-Verify', headerValue: this.originVerifyValue }],
      },
    ];
    this.cacheBehaviors = [];
    this.cardRoute = { originRequestPolicyId: originRequest.originRequestPolicyId, functionAssociations: [{ eventType: 'viewer-request', functionArn: hostFunction.functionArn }] };

    const distribution = new cloudfront.CfnDistribution(this, 'Distribution', {
      distributionConfig: {
        comment: `CardCrew ${props.stage} card pages on agency domains (multi-tenant)`,
        enabled: true,
        connectionMode: 'tenant-only',
        httpVersion: 'http2and3',
        origins: this.origins,
        defaultCacheBehavior: {
          targetOriginId: 'api',
          viewerProtocolPolicy: 'https-only',
          allowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
          cachedMethods: ['GET', 'HEAD'],
          cachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
          originRequestPolicyId: originRequest.originRequestPolicyId,
          compress: true,
          functionAssociations: [{ eventType: 'viewer-request', functionArn: hostFunction.functionArn }],
        },
        cacheBehaviors: this.cacheBehaviors,
        // Each tenant brings its own CloudFront-managed certificate (CreateDistributionTenant's ManagedCertificateRequest).
        viewerCertificate: { cloudFrontDefaultCertificate: true },
      },
    });
    Validations.of(distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'No geo restriction: digital business cards are shared and scanned worldwide.' },
      { id: 'AwsSolutions-CFR2', reason: 'The WAF web ACL is set per tenant (Customizations.WebAcl) or added with the edge stack; the vCard and contact routes are throttled by API Gateway per route, the card page by the per-IP rate rule of the tenant\'s web ACL.' },
      { id: 'AwsSolutions-CFR3', reason: 'Card traffic on agency domains is logged by the API (access logs) and the card page Lambda; CloudFront standard logs of the tenants are not kept.' },
      { id: 'AwsSolutions-CFR4', reason: "Viewers reach tenants only on the tenant's own domain with its CloudFront-managed certificate (TLS 1.2 minimum); the distribution's default certificate is never served." },
      { id: 'AwsSolutions-CFR5', reason: 'The API and card page origins are HTTPS with TLS 1.2 only; the card page function URL and the S3 origin use origin access control.' },
    );

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
