// The local "CloudFront" (and, for a Host that is an agency's active custom domain, its tenant distribution): one origin serving / (the SPA build), /api/*, /card/* and /scim/* (the API adapter),
// /media/* (the media bucket), /config.json (runtime config) and /cognito (the local user pool) — with the same
// security headers (functions/security-headers.ts), the same compression and the same caching headers as the
// distribution, so what breaks in AWS breaks here.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DOMAIN_SHELL_FILE, pageFileFor, platformOnlyPages } from '../../shared/public-pages';
import { CUSTOM_DOMAIN_HEADER, customDomainKeys, mediaServesOnDomain } from '../src/card-page/custom-domain-host';
import { getItemOf } from '../src/data/plain-item';
import { commonSecurityHeaders, mediaContentSecurityPolicy, spaContentSecurityPolicy } from '../security-headers';
import type { createApiAdapter } from './api-adapter';
import type { LocalSettings } from './settings';

const MAX_EDGE_BODY = 10 * 1024 * 1024;
const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The SPA's policy as CloudFront sends it, with the local differences only: Cognito is proxied on the same origin
 * (/cognito), uploads go to the local S3, and nothing is upgraded to https (everything here is http).
 */
function localSpaHeaders(s: LocalSettings) {
  return {
    'content-security-policy': spaContentSecurityPolicy({ connect: [`http://${s.host}:${s.s3Port}`, `http://${s.host}:${s.hostedUiPort}`], formAction: [], upgradeInsecureRequests: false }),
  };
}

/** CloudFront compresses these types when the object is 1,000 B – 10 MB and the viewer accepts it. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml|text\/vcard)/i;
const compressedCache = new Map<string, Buffer>();

/** The encoding CloudFront would choose for this viewer: brotli first, then gzip. */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: 'br' | 'gzip', cacheKey?: string): Buffer {
  const key = cacheKey && `${encoding}:${cacheKey}`;
  const cached = key ? compressedCache.get(key) : undefined;
  if (cached) return cached;
  const out = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(body, { level: 6 });
  if (key) compressedCache.set(key, out);
  return out;
}

export interface LocalServerOptions {
  settings: LocalSettings;
  webRoot: string;
  runtimeConfig: Record<string, unknown>;
  invokeApi: ReturnType<typeof createApiAdapter>;
  s3: S3Client;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_EDGE_BODY) {
        resolveBody(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Writes a response as CloudFront would: the common security headers, the body compressed when the type and size
 * allow and the viewer accepts it (`vary: accept-encoding`), and no body for HEAD.
 */
function respond(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | number>, body?: string | Buffer, cacheKey?: string) {
  const out: Record<string, string | number> = { ...commonSecurityHeaders, ...headers };
  let payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const encoding = encodingFor(req);
  const type = String(out['content-type'] ?? '');
  if (payload && encoding && !out['content-encoding'] && COMPRESSIBLE.test(type) && payload.length >= 1000 && payload.length <= 10 * 1024 * 1024) {
    payload = compress(payload, encoding, cacheKey);
    out['content-encoding'] = encoding;
    out.vary = 'accept-encoding';
  }
  if (payload) out['content-length'] = payload.length;
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** decodeURIComponent, or null for malformed percent-encoding (CloudFront and S3 answer those with 400). */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function serveStatic(req: IncomingMessage, res: ServerResponse, o: LocalServerOptions, pathname: string, tab: string | null, onDomain: boolean) {
  const root = resolve(o.webRoot);
  const decoded = safeDecode(pathname);
  if (decoded === null) return respond(req, res, 400, { 'content-type': 'text/plain' }, 'Bad Request');
  const candidate = normalize(join(root, decoded));
  const inside = candidate.startsWith(root);
  const isFile = inside && existsSync(candidate) && statSync(candidate).isFile();
  // As the CloudFront function does: a prerendered public page gets its HTML, every other path without a file
  // extension the SPA shell (client-side routes); a path with an extension that is no file is a 404, like a missing
  // S3 object.
  // On an agency's domain every page is the domain shell (shared/public-pages.ts), as the tenant distribution serves it.
  const file = isFile ? candidate : extname(pathname) ? null : join(root, onDomain ? DOMAIN_SHELL_FILE : pageFileFor(decoded, tab));
  if (!file || !existsSync(file)) {
    return respond(req, res, 404, { 'content-type': 'text/plain; charset=utf-8' }, existsSync(join(root, 'index.html')) ? 'Not found' : 'The web app is not built yet: run npm run build:web');
  }
  const stat = statSync(file);
  const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
  const immutable = file.startsWith(join(root, 'assets'));
  const headers = {
    ...localSpaHeaders(o.settings),
    'content-type': mime[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
  };
  if (req.headers['if-none-match'] === etag) return respond(req, res, 304, headers);
  respond(req, res, 200, headers, readFileSync(file), `${file}:${etag}`);
}

/** A media object with the headers it was stored with (S3 → CloudFront), 304 when the viewer's copy is current. */
async function serveMedia(req: IncomingMessage, res: ServerResponse, o: LocalServerOptions, key: string) {
  let object;
  try {
    object = await o.s3.send(new GetObjectCommand({ Bucket: o.settings.mediaBucket, Key: key }));
  } catch {
    return respond(req, res, 404, { 'content-type': 'text/plain' }, 'Not found');
  }
  const headers: Record<string, string> = {
    'content-type': object.ContentType ?? 'application/octet-stream',
    'content-security-policy': mediaContentSecurityPolicy,
    ...(object.CacheControl ? { 'cache-control': object.CacheControl } : {}),
    ...(object.ETag ? { etag: object.ETag } : {}),
    ...(object.LastModified ? { 'last-modified': object.LastModified.toUTCString() } : {}),
  };
  if (object.ETag && req.headers['if-none-match'] === object.ETag) return respond(req, res, 304, headers);
  respond(req, res, 200, headers, Buffer.from(await object.Body!.transformToByteArray()), `media:${key}:${object.ETag}`);
}

function proxyCognito(req: IncomingMessage, res: ServerResponse, o: LocalServerOptions, path: string) {
  const upstream = httpRequest(
    { host: o.settings.host, port: o.settings.cognitoPort, method: req.method, path: path || '/', headers: { ...req.headers, host: `${o.settings.host}:${o.settings.cognitoPort}` } },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => respond(req, res, 502, { 'content-type': 'text/plain' }, 'Local user pool unavailable'));
  req.pipe(upstream);
}

/** `ip:port` of the TCP peer, IPv6 without brackets, as CloudFront writes CloudFront-Viewer-Address. */
function viewerAddressOf(req: IncomingMessage): string {
  const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${ip}:${req.socket.remotePort ?? 0}`;
}

/** The Host header's name (lower case, no port); null when there is none. */
function hostNameOf(req: IncomingMessage): string | null {
  const host = req.headers.host?.trim().toLowerCase();
  if (!host) return null;
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

/** What the tenant distribution never serves on an agency's domain: the SCIM API and the platform's marketing pages. */
function platformOnly(path: string): boolean {
  return path === '/scim' || path.startsWith('/scim/') || platformOnlyPages.includes(path.replace(/\/$/, '') || '/');
}

/**
 * As the tenant distribution does (infra/card-tenants.ts): a Host other than the platform's is served only while it is
 * an active custom domain, and there the client product (pages, API, Cognito, media), not the platform's marketing
 * pages or SCIM; everything else is 404. Returns the domain, or null when the request was answered here.
 */
async function admitCustomDomain(req: IncomingMessage, res: ServerResponse, host: string, path: string): Promise<string | null> {
  const item = platformOnly(path) ? null : await getItemOf<{ state: string }>(customDomainKeys.customDomain(host), 'customDomain', true);
  if (item?.state === 'active') return host;
  respond(req, res, 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'Not Found');
  return null;
}

/** The runtime config on an agency's domain: the local user pool through the domain's own /cognito (same origin). */
function configOn(o: LocalServerOptions, domain: string | null): Record<string, unknown> {
  if (!domain) return o.runtimeConfig;
  const origin = new URL(o.settings.origin);
  return { ...o.runtimeConfig, userPoolEndpoint: `${origin.protocol}//${domain}${origin.port ? `:${origin.port}` : ''}/cognito` };
}

export function createLocalServer(o: LocalServerOptions): Server {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', o.settings.origin);
    const path = url.pathname;
    try {
      // Only the edge names a custom domain: whatever a viewer sends in that header is dropped.
      delete req.headers[CUSTOM_DOMAIN_HEADER];
      const host = hostNameOf(req);
      if (host !== null && host !== o.settings.host && host !== 'localhost' && host !== '127.0.0.1') {
        const domain = await admitCustomDomain(req, res, host, path);
        if (domain === null) return;
        req.headers[CUSTOM_DOMAIN_HEADER] = domain;
      }
      if (path === '/cognito' || path.startsWith('/cognito/')) return proxyCognito(req, res, o, path.slice('/cognito'.length) + url.search);
      const domain = (req.headers[CUSTOM_DOMAIN_HEADER] as string | undefined) ?? null;
      if (path === '/config.json') return respond(req, res, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' }, JSON.stringify(configOn(o, domain)));
      if (path.startsWith('/media/')) {
        const key = safeDecode(path.slice('/media/'.length));
        if (key === null) return respond(req, res, 400, { 'content-type': 'text/plain' }, 'Bad Request');
        // On an agency's domain only the agency's and its clients' files, as the tenant distribution's card page
        // function decides there (functions/src/card-page/media-on-domain.ts).
        if (domain && !(await mediaServesOnDomain(domain, key))) return respond(req, res, 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'Not Found');
        return await serveMedia(req, res, o, key);
      }
      if (path.startsWith('/api/') || path.startsWith('/card/') || path.startsWith('/scim/')) {
        // As CloudFront's origin request policy does: the viewer's address, never what the client claims it is.
        req.headers['cloudfront-viewer-address'] = viewerAddressOf(req);
        const body = await readBody(req);
        if (body === null) return respond(req, res, 413, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Request Entity Too Large' }));
        const result = await o.invokeApi(req, url, body);
        const payload = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined;
        return respond(req, res, result.statusCode ?? 200, { ...(result.headers as Record<string, string>) }, payload);
      }
      return serveStatic(req, res, o, path, url.searchParams.get('tab'), domain !== null);
    } catch (error) {
      console.error('local server error', error);
      if (!res.headersSent) respond(req, res, 500, { 'content-type': 'application/json' }, JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }));
      else res.end();
    }
  });
}
