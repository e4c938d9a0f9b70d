// The local "CloudFront": one origin serving / (the SPA build), /api/* and /card/* (the API adapter),
// /media/* (the media bucket), /config.json (runtime config) and /cognito (the local user pool).
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
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

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

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

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: string | Buffer) {
  res.writeHead(status, { ...securityHeaders, ...headers });
  res.end(body);
}

/** decodeURIComponent, or null for malformed percent-encoding (CloudFront and S3 answer those with 400). */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function serveStatic(res: ServerResponse, webRoot: string, pathname: string) {
  const root = resolve(webRoot);
  const decoded = safeDecode(pathname);
  if (decoded === null) return send(res, 400, { 'content-type': 'text/plain' }, 'Bad Request');
  const candidate = normalize(join(root, decoded));
  const inside = candidate.startsWith(root);
  const isFile = inside && existsSync(candidate) && statSync(candidate).isFile();
  // SPA fallback: paths without a file extension get index.html (client-side routes).
  const file = isFile ? candidate : extname(pathname) ? null : join(root, 'index.html');
  if (!file || !existsSync(file)) {
    send(res, 404, { 'content-type': 'text/plain' }, existsSync(join(root, 'index.html')) ? 'Not found' : 'The web app is not built yet: run npm run build:web');
    return;
  }
  const immutable = file.includes(`${join(root, 'assets')}`);
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': mime[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(res);
}

async function serveMedia(res: ServerResponse, o: LocalServerOptions, key: string) {
  try {
    const object = await o.s3.send(new GetObjectCommand({ Bucket: o.settings.mediaBucket, Key: key }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    send(res, 200, { 'content-type': object.ContentType ?? 'application/octet-stream', 'cache-control': 'public, max-age=300', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }, bytes);
  } catch {
    send(res, 404, { 'content-type': 'text/plain' }, 'Not found');
  }
}

function proxyCognito(req: IncomingMessage, res: ServerResponse, o: LocalServerOptions, path: string) {
  const upstream = httpRequest(
    { host: o.settings.host, port: o.settings.cognitoPort, method: req.method, path: path || '/', headers: { ...req.headers, host: `${o.settings.host}:${o.settings.cognitoPort}` } },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => send(res, 502, { 'content-type': 'text/plain' }, 'Local user pool unavailable'));
  req.pipe(upstream);
}

/** `ip:port` of the TCP peer, IPv6 without brackets, as CloudFront writes CloudFront-Viewer-Address. */
function viewerAddressOf(req: IncomingMessage): string {
  const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${ip}:${req.socket.remotePort ?? 0}`;
}

export function createLocalServer(o: LocalServerOptions): Server {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', o.settings.origin);
    const path = url.pathname;
    try {
      if (path === '/cognito' || path.startsWith('/cognito/')) return proxyCognito(req, res, o, path.slice('/cognito'.length) + url.search);
      if (path === '/config.json') return send(res, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' }, JSON.stringify(o.runtimeConfig));
      if (path.startsWith('/media/')) {
        const key = safeDecode(path.slice('/media/'.length));
        return key === null ? send(res, 400, { 'content-type': 'text/plain' }, 'Bad Request') : await serveMedia(res, o, key);
      }
      if (path.startsWith('/api/') || path.startsWith('/card/')) {
        // As CloudFront's origin request policy does: the viewer's address, never what the client claims it is.
        req.headers['cloudfront-viewer-address'] = viewerAddressOf(req);
        const body = await readBody(req);
        if (body === null) return send(res, 413, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Request Entity Too Large' }));
        const result = await o.invokeApi(req, url, body);
        const payload = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined;
        return send(res, result.statusCode ?? 200, { ...(result.headers as Record<string, string>) }, req.method === 'HEAD' ? undefined : payload);
      }
      return serveStatic(res, o.webRoot, path);
    } catch (error) {
      console.error('local server error', error);
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }));
      else res.end();
    }
  });
}
