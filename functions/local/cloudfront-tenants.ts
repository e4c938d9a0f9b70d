// Local stand-in for CloudFront SaaS Manager's tenant API (issue 21 §2): the REST-XML calls the custom-domains area
// makes, on CloudFront's paths, so the real @aws-sdk/client-cloudfront works unchanged against it (CLOUDFRONT_ENDPOINT).
// It keeps tenants in the data folder (a restart keeps the seed's domain) and walks a tenant as CloudFront does: a
// name under .localhost (RFC 6761: it resolves to this machine) points at the routing endpoint after a second and its
// managed certificate is issued five seconds later; any other name stays without DNS, with CloudFront's message for it.
// Errors are CloudFront's: EntityAlreadyExists (name), CNAMEAlreadyExists (domain), PreconditionFailed (If-Match),
// ResourceInUse (deleting an enabled tenant), EntityNotFound.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStandIn, stateFileStore, type StandIn } from './stand-in-server';

const NS = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
/**
 * Seconds after creation when a .localhost name's DNS is seen, and when its certificate is issued. The state between
 * lasts 5 s, over twice the API's 2 s between reads of a pending domain, so a page (or a test) polling it sees it even
 * on a loaded machine: at 2 s it was as long as that interval, and a slow read went from pending DNS straight to active.
 */
export const LOCAL_DNS_SECONDS = 1;
export const LOCAL_CERTIFICATE_SECONDS = 6;
export const INVALID_DNS_REASON =
  "There is either a missing DNS record or the DNS record exists but it's using an incorrect routing endpoint. Update the DNS record to point to the correct routing endpoint.";

interface Tenant {
  id: string;
  name: string;
  distributionId: string;
  domains: string[];
  enabled: boolean;
  etag: string;
  createdTime: string;
  lastModifiedTime: string;
  /** Seconds since the epoch when it was created: the local walk's clock. */
  created: number;
  certificate: boolean;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tag = (name: string, value: string | boolean | undefined | null) => (value === undefined || value === null ? '' : `<${name}>${typeof value === 'string' ? xmlEscape(value) : String(value)}</${name}>`);
const firstOf = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
const allOf = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
const newEtag = () => `E${randomBytes(6).toString('hex').toUpperCase()}`;

/** `localhost` names validate (after the walk's delays); `now` is injectable so a test can age a tenant. */
export function startCloudFrontTenants(port: number, host: string, stateFile: string, now: () => number = () => Date.now() / 1000): Promise<StandIn> {
  const { items: tenants, save } = stateFileStore<Tenant>(stateFile, (t) => t.id);
  const find = (identifier: string) => tenants.get(identifier) ?? [...tenants.values()].find((t) => t.name === identifier || arnOf(t) === identifier);
  const arnOf = (t: Tenant) => `arn:aws:cloudfront::000000000000:distribution-tenant/${t.id}`;
  const local = (domain: string) => domain.endsWith('.localhost');
  const dnsValid = (t: Tenant, domain: string) => local(domain) && now() - t.created >= LOCAL_DNS_SECONDS;
  const issued = (t: Tenant) => t.domains.every(local) && now() - t.created >= LOCAL_CERTIFICATE_SECONDS;

  const tenantXml = (t: Tenant) =>
    `<DistributionTenant xmlns="${NS}">${tag('Id', t.id)}${tag('DistributionId', t.distributionId)}${tag('Name', t.name)}${tag('Arn', arnOf(t))}` +
    `<Domains>${t.domains.map((d) => `<member>${tag('Domain', d)}${tag('Status', issued(t) ? 'active' : 'inactive')}</member>`).join('')}</Domains>` +
    `${tag('ConnectionGroupId', 'cg_local')}${tag('CreatedTime', t.createdTime)}${tag('LastModifiedTime', t.lastModifiedTime)}${tag('Enabled', t.enabled)}${tag('Status', issued(t) ? 'Deployed' : 'InProgress')}</DistributionTenant>`;

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/xml', 'x-amz-request-id': randomBytes(8).toString('hex'), ...headers });
    res.end(body ? `<?xml version="1.0" encoding="UTF-8"?>${body}` : '');
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error><RequestId>${randomBytes(8).toString('hex')}</RequestId></ErrorResponse>`);
  const notFound = (res: ServerResponse) => fail(res, 404, 'EntityNotFound', 'The specified distribution tenant does not exist.');

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const ifMatch = req.headers['if-match'];
    let m: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/2020-05-31/distribution-tenant') {
      const name = firstOf(body, 'Name') ?? '';
      const distributionId = firstOf(body, 'DistributionId') ?? '';
      const domains = allOf(body, 'Domain');
      if (!name || !distributionId || domains.length === 0) return fail(res, 400, 'InvalidArgument', 'DistributionId, Name and Domains are required.');
      if ([...tenants.values()].some((t) => t.name === name)) return fail(res, 409, 'EntityAlreadyExists', 'The distribution tenant name already exists.');
      if ([...tenants.values()].some((t) => t.domains.some((d) => domains.includes(d)))) {
        return fail(res, 409, 'CNAMEAlreadyExists', 'One or more of the CNAMEs you provided are already associated with a different resource.');
      }
      const at = new Date().toISOString();
      const t: Tenant = { id: `dt_${randomBytes(14).toString('base64url').replace(/[-_]/g, 'x')}`, name, distributionId, domains, enabled: firstOf(body, 'Enabled') !== 'false', etag: newEtag(), createdTime: at, lastModifiedTime: at, created: now(), certificate: body.includes('<ManagedCertificateRequest>') };
      tenants.set(t.id, t);
      save();
      return send(res, 201, tenantXml(t), { etag: t.etag, location: `https://cloudfront.amazonaws.com/2020-05-31/distribution-tenant/${t.id}` });
    }
    if (req.method === 'POST' && path === '/2020-05-31/verify-dns-configuration') {
      const t = find(firstOf(body, 'Identifier') ?? '');
      if (!t) return notFound(res);
      const asked = firstOf(body, 'Domain');
      const list = (asked ? [asked] : t.domains)
        .map((d) => `<DnsConfiguration>${tag('Domain', d)}${tag('Status', dnsValid(t, d) ? 'valid-configuration' : 'invalid-configuration')}${dnsValid(t, d) ? '' : tag('Reason', INVALID_DNS_REASON)}</DnsConfiguration>`)
        .join('');
      return send(res, 200, `<VerifyDnsConfigurationResult xmlns="${NS}"><DnsConfigurationList>${list}</DnsConfigurationList></VerifyDnsConfigurationResult>`);
    }
    if ((m = path.match(/^\/2020-05-31\/managed-certificate\/([^/]+)$/)) && req.method === 'GET') {
      const t = find(decodeURIComponent(m[1]!));
      if (!t || !t.certificate) return notFound(res);
      const status = issued(t) ? 'issued' : 'pending-validation';
      const tokens = t.domains.map((d) => `<member>${tag('Domain', d)}${tag('RedirectFrom', `${d}/.well-known/pki-validation/${t.id}.txt`)}${tag('RedirectTo', `validation.cloudfront.localhost/${t.id}.txt`)}</member>`).join('');
      return send(
        res,
        200,
        `<ManagedCertificateDetails xmlns="${NS}">${tag('CertificateArn', `arn:aws:acm:us-east-1:000000000000:certificate/${t.id}`)}${tag('CertificateStatus', status)}${tag('ValidationTokenHost', 'cloudfront')}<ValidationTokenDetails>${tokens}</ValidationTokenDetails></ManagedCertificateDetails>`,
      );
    }
    if ((m = path.match(/^\/2020-05-31\/distribution-tenant\/([^/]+)$/))) {
      const t = find(decodeURIComponent(m[1]!));
      if (!t) return notFound(res);
      if (req.method === 'GET') return send(res, 200, tenantXml(t), { etag: t.etag });
      if (!ifMatch) return fail(res, 400, 'InvalidIfMatchVersion', 'The If-Match version is missing or not valid.');
      if (ifMatch !== t.etag) return fail(res, 412, 'PreconditionFailed', 'The precondition given in one or more of the request-header fields evaluated to false.');
      if (req.method === 'PUT') {
        const enabled = firstOf(body, 'Enabled');
        if (enabled !== undefined) t.enabled = enabled === 'true';
        const domains = allOf(body, 'Domain');
        if (domains.length) t.domains = domains;
        t.etag = newEtag();
        t.lastModifiedTime = new Date().toISOString();
        save();
        return send(res, 200, tenantXml(t), { etag: t.etag });
      }
      if (req.method === 'DELETE') {
        if (t.enabled) return fail(res, 409, 'ResourceInUse', 'Cannot delete this resource because it is in use. Disable the distribution tenant first.');
        tenants.delete(t.id);
        save();
        res.writeHead(204);
        return res.end();
      }
    }
    return fail(res, 404, 'NotImplemented', `The local CloudFront stand-in does not implement ${req.method ?? ''} ${path}.`);
  };

  return serveStandIn(port, host, handle);
}
