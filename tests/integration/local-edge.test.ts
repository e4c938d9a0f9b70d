// The local "CloudFront" behaves like the distribution: the same security headers (one definition), compression
// for viewers that accept it, media served with the headers it was stored with, 404s where the server can know,
// and HEAD answered like GET without a body (and not counted as a scan).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { commonSecurityHeaders, mediaContentSecurityPolicy } from '../../functions/security-headers';
import { addEmployee, api, createOwnerWithBusiness, origin } from '../support/runtime';

// The largest script of the build (the entry itself is a few bytes since small chunks are inlined into their users).
const assets = join('web', 'dist', 'assets');
const mainChunk = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0]!;

describe('the local edge', () => {
  it('sends the SPA with the security headers and CSP of the shared definition', async () => {
    const res = await fetch(`${origin}/pricing`);
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(commonSecurityHeaders)) expect(res.headers.get(name), name).toBe(value);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('compresses the app with brotli or gzip as the viewer accepts, and not at all otherwise', async () => {
    const raw = readFileSync(join('web', 'dist', 'assets', mainChunk));
    const br = await fetch(`${origin}/assets/${mainChunk}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const brBytes = Buffer.from(await br.arrayBuffer());
    // fetch would decode a content-encoding it understands; read the raw bytes instead when it did not.
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(raw.length / 2);
    expect(brBytes.equals(raw) || brotliDecompressSync(brBytes).equals(raw)).toBe(true);

    const gz = await fetch(`${origin}/assets/${mainChunk}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(gzBytes.equals(raw) || gunzipSync(gzBytes).equals(raw)).toBe(true);

    const identity = await fetch(`${origin}/assets/${mainChunk}`, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(Number(identity.headers.get('content-length'))).toBe(raw.length);
    expect(identity.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 where the server can know: a file that does not exist, an unknown API or card path', async () => {
    expect((await fetch(`${origin}/assets/nope-123.js`)).status).toBe(404);
    expect((await fetch(`${origin}/robots-missing.txt`)).status).toBe(404);
    const apiMiss = await api('GET', '/api/nothing/here');
    expect(apiMiss.status).toBe(404);
    expect(apiMiss.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${origin}/card/a/b`)).status).toBe(404);
    // Client-side routes are the app's to judge: 200 with the app, whose not-found page says noindex.
    expect((await fetch(`${origin}/no-such-page`)).status).toBe(200);
  });

  it('serves media with the headers it was stored with, and 304 for a current copy', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id);
    const path = new URL(employee.card.qrCodeUrl).pathname;
    const res = await fetch(`${origin}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe(mediaContentSecurityPolicy);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${origin}${path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers HEAD /card/{id} like GET without a body, and does not count it as a scan', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id);
    const head = await fetch(`${origin}/card/${employee.card.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/text\/html/);
    expect(await head.text()).toBe('');
    expect((await fetch(`${origin}/card/unknownCardId00000000`, { method: 'HEAD' })).status).toBe(404);

    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    const card = dashboard.body.employees.find((e: { id: string }) => e.id === employee.id).card;
    expect(card.scanCount).toBe(0);
  });
});
