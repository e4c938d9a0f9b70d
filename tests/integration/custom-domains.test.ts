// Custom domains for agencies (issue 21 §2), through the real API and the CloudFront tenant stand-in (the real SDK):
// Add walks a .localhost name pending DNS → issuing certificate → active, any other name stays pending with
// CloudFront's reason; bad names are 400s with their field message; a domain belongs to one agency (409); other
// agencies get 403 and change nothing; Remove answers how many cards' QR codes pointed at it and regenerates them with
// the platform URL; Move QR codes gives an active domain the cards whose QR codes still encode the platform's address
// (409 before it is active, 403 to another agency); the local server serves a client's cards (and only those) on an
// active domain.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { customDomainMessages } from '../../shared/messages/custom-domains';
import { addClient, agencyWithSettings } from '../support/agencies';
import { addDomain, localDomain, waitForState } from '../support/custom-domains';
import { addEmployee, api, createOwnerWithBusiness, createUser, onHost, runtime, signIn, tables, uniqueDomain, type TestUser } from '../support/runtime';
import { tableFingerprint } from '../support/table-fingerprint';

/** The site's port: a custom domain's origin keeps the platform's scheme and port. */
const sitePort = () => new URL(runtime.origin).port;

describe('custom domains: the lifecycle', () => {
  it('adds a .localhost domain, shows the CNAME to create, and walks it pending DNS → issuing certificate → active', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const domain = localDomain();
    const added = await addDomain(user, agencyId, domain);
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ domain, state: 'pending-dns', qrCardCount: 0, dnsRecords: [{ type: 'CNAME', name: domain, value: 'tenants.cloudfront.localhost' }] });
    expect(added.body.reason).toContain('tenants.cloudfront.localhost');

    const db = await tables();
    const { data: stored } = await db.customDomain.get({ domain }).go({ consistent: true });
    expect(stored).toMatchObject({ domain, agencyId, domainId: added.body.id });
    expect(stored!.tenantId).toMatch(/^dt_/);

    const seen = ['pending-dns'];
    const active = await waitForState(user, agencyId, domain, 'active', seen);
    expect(seen).toEqual(['pending-dns', 'issuing-certificate', 'active']);
    expect(active.reason).toBeNull();
    expect(active.origin).toBe(`http://${domain}:${sitePort()}`);
    expect((await db.customDomain.get({ domain }).go({ consistent: true })).data?.state).toBe('active');
  });

  it('keeps any other name pending DNS with the reason CloudFront gives', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const domain = uniqueDomain();
    expect((await addDomain(user, agencyId, domain)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 3500));
    const res = await api('GET', `/api/agencies/${agencyId}/domains`, { user });
    expect(res.body.domains).toHaveLength(1);
    expect(res.body.domains[0]).toMatchObject({ domain, state: 'pending-dns' });
    expect(res.body.domains[0].reason).toContain('missing DNS record');
  });

  it('refuses names that are not a lower-case hostname of two labels or more with 400 and a field message, storing nothing', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const before = await tableFingerprint();
    const cases: [string, string][] = [
      ['Cards.Example.com', customDomainMessages.lowerCase],
      ['localhost', customDomainMessages.twoLabels],
      ['192.168.1.10', customDomainMessages.noIpAddress],
      ['*.example.com', customDomainMessages.noWildcard],
      [`${'a'.repeat(64)}.example.com`, customDomainMessages.labelTooLong],
      [`${'abcdefghi.'.repeat(26)}com`, customDomainMessages.domainTooLong],
      ['-cards.example.com', customDomainMessages.invalidDomain],
      ['cards.example.com/card', customDomainMessages.invalidDomain],
      ['', customDomainMessages.domainRequired],
    ];
    for (const [domain, message] of cases) {
      const res = await addDomain(user, agencyId, domain);
      expect(res.status, domain).toBe(400);
      expect(res.body.error.fieldErrors?.domain, domain).toBe(message);
    }
    expect(await tableFingerprint()).toEqual(before);
  });

  it('gives a domain to one agency only: a second agency gets 409 and the first keeps it', async () => {
    const first = await agencyWithSettings();
    const second = await agencyWithSettings();
    const domain = uniqueDomain();
    expect((await addDomain(first.user, first.agencyId, domain)).status).toBe(201);
    const again = await addDomain(second.user, second.agencyId, domain);
    expect(again.status).toBe(409);
    expect(again.body.error.fieldErrors?.domain).toBe(customDomainMessages.taken);
    expect((await addDomain(first.user, first.agencyId, domain)).status).toBe(409);
    const db = await tables();
    expect((await db.customDomain.get({ domain }).go({ consistent: true })).data?.agencyId).toBe(first.agencyId);
    expect((await api('GET', `/api/agencies/${second.agencyId}/domains`, { user: second.user })).body.domains).toEqual([]);
  });

  it('refuses another agency and business owners (403) and answers 404 for an agency that does not exist', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const other = await agencyWithSettings();
    const added = await addDomain(user, agencyId, uniqueDomain());
    const before = await tableFingerprint();
    for (const [method, path, body] of [
      ['GET', `/api/agencies/${agencyId}/domains`, undefined],
      ['POST', `/api/agencies/${agencyId}/domains`, { domain: uniqueDomain() }],
      ['DELETE', `/api/agencies/${agencyId}/domains/${added.body.id}`, undefined],
    ] as const) {
      expect((await api(method, path, { user: other.user, body })).status, `${method} ${path}`).toBe(403);
    }
    expect(await tableFingerprint()).toEqual(before);
    const admin = await createUser({ groups: ['admin'] });
    expect((await api('GET', `/api/agencies/agency-that-does-not-exist/domains`, { user: admin })).status).toBe(404);
    expect((await api('GET', `/api/agencies/${agencyId}/domains`, { user: admin })).status).toBe(200);
  });

  it('removes a domain: its tenant and items go, and an unknown domain id is 404', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const domain = uniqueDomain();
    const added = await addDomain(user, agencyId, domain);
    const removed = await api('DELETE', `/api/agencies/${agencyId}/domains/${added.body.id}`, { user });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ domain, regeneratedQrCodes: 0 });
    const db = await tables();
    expect((await db.customDomain.get({ domain }).go({ consistent: true })).data).toBeNull();
    expect((await api('GET', `/api/agencies/${agencyId}/domains`, { user })).body.domains).toEqual([]);
    // The CloudFront tenant is gone too (disabled, then deleted with the ETag the update returned).
    const tenants = JSON.parse(readFileSync(join(runtime.dataDir, 'cloudfront', 'tenants.json'), 'utf8')) as { domains: string[] }[];
    expect(tenants.some((t) => t.domains.includes(domain))).toBe(false);
    expect((await api('DELETE', `/api/agencies/${agencyId}/domains/${added.body.id}`, { user })).status).toBe(404);
    // The domain is free again: another agency may add it.
    const other = await agencyWithSettings();
    expect((await addDomain(other.user, other.agencyId, domain)).status).toBe(201);
  });
});

describe('custom domains: QR codes and card links', () => {
  it('gives new QR codes of a client the active domain, keeps older ones, counts them and falls back to the platform URL on Remove', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Domain Bakery');
    const before = await addEmployee(user, clientId, { name: 'Early Bird' });
    const domain = localDomain();
    const added = await addDomain(user, agencyId, domain);
    await waitForState(user, agencyId, domain, 'active');
    const after = await addEmployee(user, clientId, { name: 'Late Riser' });
    const origin = `http://${domain}:${sitePort()}`;
    const platform = runtime.origin;

    const db = await tables();
    const cardOf = async (cardId: string) => (await db.card.get({ cardId }).go({ consistent: true })).data!;
    expect((await cardOf(before.card.id)).qrOrigin).toBeUndefined();
    expect((await cardOf(after.card.id)).qrOrigin).toBe(origin);
    expect(after.card.cardUrl).toBe(`${origin}/card/${after.card.id}`);
    expect(before.card.cardUrl).toBe(`${platform}/card/${before.card.id}`);

    const listed = await api('GET', `/api/agencies/${agencyId}/domains`, { user });
    expect(listed.body.domains[0].qrCardCount).toBe(1);

    const oldQr = (await cardOf(after.card.id)).qrCodeUrl;
    const removed = await api('DELETE', `/api/agencies/${agencyId}/domains/${added.body.id}`, { user });
    expect(removed.body).toEqual({ domain, regeneratedQrCodes: 1 });
    const regenerated = await cardOf(after.card.id);
    expect(regenerated.qrOrigin).toBeUndefined();
    expect(regenerated.qrCodeUrl).not.toBe(oldQr);
    const dashboard = await api('GET', `/api/businesses/${clientId}/dashboard`, { user });
    const cardUrls = JSON.stringify(dashboard.body);
    expect(cardUrls).toContain(`${platform}/card/${after.card.id}`);
    expect(cardUrls).not.toContain(domain);
  });
});

describe('custom domains: moving QR codes to the domain', () => {
  /** What a QR image at `url` encodes. */
  async function decodedQr(url: string): Promise<string | undefined> {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const image = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  }

  it("counts an active domain's clients' cards whose QR codes encode the platform address and moves them to the domain, once", async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Moving Bakery');
    const early = [await addEmployee(user, clientId, { name: 'Early One' }), await addEmployee(user, clientId, { name: 'Early Two' })];
    const domain = localDomain();
    const added = await addDomain(user, agencyId, domain);
    expect(added.body).toMatchObject({ state: 'pending-dns', platformQrCardCount: 0 });
    const move = () => api('POST', `/api/agencies/${agencyId}/domains/${added.body.id}/move-qr-codes`, { user });

    // Not active yet: nothing moves (409), and the cards keep their QR codes.
    const db = await tables();
    const cardOf = async (cardId: string) => (await db.card.get({ cardId }).go({ consistent: true })).data!;
    const beforeQr = await cardOf(early[0]!.card.id);
    const early409 = await move();
    expect(early409.status, early409.text).toBe(409);
    expect(early409.body.error.message).toBe(customDomainMessages.moveNotActive);
    expect((await cardOf(early[0]!.card.id)).qrCodeUrl).toBe(beforeQr.qrCodeUrl);

    const active = await waitForState(user, agencyId, domain, 'active');
    expect(active).toMatchObject({ qrCardCount: 0, platformQrCardCount: 2 });
    const late = await addEmployee(user, clientId, { name: 'Late One' });
    const origin = `http://${domain}:${sitePort()}`;

    // Another agency may not move them (403) and changes nothing.
    const other = await agencyWithSettings();
    const refused = await api('POST', `/api/agencies/${agencyId}/domains/${added.body.id}/move-qr-codes`, { user: other.user });
    expect(refused.status).toBe(403);
    expect((await cardOf(early[0]!.card.id)).qrOrigin).toBeUndefined();

    const moved = await move();
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ domain, state: 'active', qrCardCount: 3, platformQrCardCount: 0 });
    for (const { card } of early) {
      const stored = await cardOf(card.id);
      expect(stored.qrOrigin).toBe(origin);
      expect(stored.qrCodeUrl).not.toBe(card.qrCodeUrl);
      expect(await decodedQr(stored.qrCodeUrl!)).toBe(`${origin}/card/${card.id}?s=qr`);
    }
    // The card made on the domain already had its QR code there: untouched.
    expect((await cardOf(late.card.id)).qrCodeUrl).toBe(late.card.qrCodeUrl);
    // The platform address keeps serving a moved card, so printed codes go on working.
    expect((await fetch(`${runtime.origin}/card/${early[0]!.card.id}?s=qr`)).status).toBe(200);

    // Again: nothing left to move, nothing regenerated.
    const urls = await Promise.all(early.map(async ({ card }) => (await cardOf(card.id)).qrCodeUrl));
    const again = await move();
    expect(again.body).toMatchObject({ qrCardCount: 3, platformQrCardCount: 0 });
    expect(await Promise.all(early.map(async ({ card }) => (await cardOf(card.id)).qrCodeUrl))).toEqual(urls);
    const listed = await api('GET', `/api/agencies/${agencyId}/domains`, { user });
    expect(listed.body.domains[0]).toMatchObject({ qrCardCount: 3, platformQrCardCount: 0 });
  });
});

describe('custom domains: serving card pages by Host', () => {
  const bright = 'cards.bright.localhost';
  const contactForm = { body: `name=Visitor&email=${encodeURIComponent('visitor@example.com')}&consent=yes`, headers: { 'content-type': 'application/x-www-form-urlencoded' } };

  it("serves Northwind's card on Bright's active domain with the domain's own URL, and never CardCrew", async () => {
    const page = await onHost(bright, 'GET', '/card/demo-card-sam-baker');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sam Baker');
    expect(page.text).toContain(`content="http://${bright}:${sitePort()}/card/demo-card-sam-baker"`);
    expect(page.text).not.toMatch(/cardcrew/i);
    const vcard = await onHost(bright, 'GET', '/api/public/cards/demo-card-sam-baker/vcard');
    expect(vcard.status).toBe(200);
    expect(vcard.text).toContain('FN:Sam Baker');
    // Media is served there too (the card's QR image, by its key).
    const db = await tables();
    const qr = (await db.card.get({ cardId: 'demo-card-sam-baker' }).go()).data!.qrCodeUrl!;
    expect((await onHost(bright, 'GET', new URL(qr).pathname)).status).toBe(200);
  });

  it("answers 404 for Acme's card, its vCard and its contact form on Bright's domain, and stores nothing", async () => {
    const before = await tableFingerprint();
    expect((await onHost(bright, 'GET', '/card/demo-card-jane-cooper')).status).toBe(404);
    expect((await onHost(bright, 'GET', '/api/public/cards/demo-card-jane-cooper/vcard')).status).toBe(404);
    expect((await onHost(bright, 'POST', '/api/public/cards/demo-card-jane-cooper/contact', contactForm)).status).toBe(404);
    expect(await tableFingerprint()).toEqual(before);
    // The platform host still serves it.
    expect((await api('GET', '/card/demo-card-jane-cooper')).status).toBe(200);
  });

  it("serves on a domain only the media of its agency's clients: another business's QR code or any upload is 404 there and untouched", async () => {
    const db = await tables();
    const mediaPath = async (cardId: string) => new URL((await db.card.get({ cardId }).go({ consistent: true })).data!.qrCodeUrl!).pathname;
    const northwind = await mediaPath('demo-card-sam-baker');
    const acme = await mediaPath('demo-card-jane-cooper');
    expect((await onHost(bright, 'GET', northwind)).status).toBe(200);
    // Acme is nobody's client: its QR code stays unknown on Bright's domain (GET and HEAD), and the platform keeps serving it.
    expect((await onHost(bright, 'GET', acme)).status).toBe(404);
    expect((await onHost(bright, 'HEAD', acme)).status).toBe(404);
    expect((await fetch(`${runtime.origin}${acme}`)).status).toBe(200);

    // A second agency's active domain serves its own client's QR code and not Bright's client's.
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Scoped Media Bakery');
    const domain = localDomain();
    await addDomain(user, agencyId, domain);
    await waitForState(user, agencyId, domain, 'active');
    const employee = await addEmployee(user, clientId, { name: 'Media Owner' });
    const own = await mediaPath(employee.card.id);
    expect(own).toContain(`/qr/${clientId}/`);
    expect((await onHost(domain, 'GET', own)).status).toBe(200);
    expect((await onHost(domain, 'GET', northwind)).status).toBe(404);
    expect((await onHost(bright, 'GET', own)).status).toBe(404);
    // Paths whose folder names no owner (browser uploads, made-up folders, a bare id) are never served on a domain.
    for (const path of [`/media/uploads/${clientId}/x`, `/media/other/${clientId}/x.png`, `/media/qr/${clientId}`]) {
      expect((await onHost(domain, 'GET', path)).status, path).toBe(404);
    }
    // Nothing was deleted or changed: both cards still name their QR images, which the platform serves.
    expect(await mediaPath('demo-card-jane-cooper')).toBe(acme);
    expect((await fetch(`${runtime.origin}${own}`)).status).toBe(200);
  });

  it("shows Bright Agency's mark, not the platform's icon, on 'Card Not Found' on Bright's domain; the platform's address keeps its own", async () => {
    const before = await tableFingerprint();
    for (const path of ['/card/no-such-card-00000', '/card/demo-card-jane-cooper']) {
      const page = await onHost(bright, 'GET', path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('<h1>Card Not Found</h1>');
      expect(page.text).not.toMatch(/cardcrew|favicon\.svg/i);
      expect(page.text.match(/<title>/g)).toHaveLength(1);
      // Bright has no logo or favicon in the seed: its initial on slate, as its clients' signed-in pages show it.
      const icon = decodeURIComponent(/<link rel="icon" href="data:image\/svg\+xml,([^"]+)">/.exec(page.text)?.[1] ?? '');
      expect(icon).toMatch(/fill="#334155".*>B<\/text>/);
    }
    const platform = await api('GET', '/card/no-such-card-00000');
    expect(platform.status).toBe(404);
    expect(platform.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(await tableFingerprint()).toEqual(before);
  });

  it("serves the client product on the domain in its own shell, never CardCrew's marketing pages or SCIM", async () => {
    for (const path of ['/', '/auth', '/business', '/employee-portal', '/business/onboarding', '/no-such-page']) {
      const page = await onHost(bright, 'GET', path);
      expect(page.status, path).toBe(200);
      // The domain shell: no prerendered CardCrew page, title, description or icon before the app draws the agency's brand.
      expect(page.text, path).not.toMatch(/cardcrew/i);
      expect(page.text.match(/<title>/g), path).toHaveLength(1);
      expect(page.text, path).toContain('<div id="root">');
    }
    for (const [method, path] of [
      ['GET', '/pricing'],
      ['GET', '/about'],
      ['GET', '/terms'],
      ['GET', '/privacy'],
      ['GET', '/scim/v2/Users'],
      ['POST', '/card/demo-card-sam-baker'],
    ] as const) {
      expect((await onHost(bright, method, path)).status, `${method} ${path}`).toBe(404);
    }
    // The app reaches the local user pool through the domain's own origin (same origin, as the page's CSP allows).
    const config = JSON.parse((await onHost(bright, 'GET', '/config.json')).text) as { userPoolEndpoint: string; publicOrigin: string };
    expect(config.userPoolEndpoint).toBe(`http://${bright}:${sitePort()}/cognito`);
    expect(config.publicOrigin).toBe(runtime.origin);
    // The agency's brand for its signed-out pages there; on the platform's address there is none (404).
    const brand = await onHost(bright, 'GET', '/api/site-brand');
    expect(brand.status, brand.text).toBe(200);
    expect(JSON.parse(brand.text)).toMatchObject({ brand: { name: 'Bright Agency', supportEmail: 'support@bright.example' }, platformOrigin: runtime.origin });
    expect((await api('GET', '/api/site-brand')).status).toBe(404);
  });

  it("lets the agency's and its clients' people use the API on the domain, and refuses anyone else there (403) while the platform serves them", async () => {
    const db = await tables();
    const auth = (user: TestUser) => ({ headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' }, body: '{}' });
    const northwind = await signIn('owner@northwind.example', 'Demo1234!');
    const me = await onHost(bright, 'POST', '/api/me', auth(northwind));
    expect(me.status, me.text).toBe(200);
    const northwindMe = JSON.parse(me.text) as { businessId: string; brand: { name: string; siteOrigin: string } };
    // Sign Out takes a client's person to the agency's sign-in page on its domain.
    expect(northwindMe.brand).toMatchObject({ name: 'Bright Agency', siteOrigin: `http://${bright}:${sitePort()}` });
    expect((await onHost(bright, 'GET', `/api/businesses/${northwindMe.businessId}/dashboard`, { headers: auth(northwind).headers })).status).toBe(200);
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    expect((await onHost(bright, 'POST', '/api/me', auth(agency))).status).toBe(200);

    // The owner of a business that is nobody's client: refused on Bright's domain, on every call, with where to go.
    const { owner, business } = await createOwnerWithBusiness();
    const before = await tableFingerprint();
    for (const [method, path] of [
      ['POST', '/api/me'],
      ['GET', `/api/businesses/${business.id}/dashboard`],
    ] as const) {
      const refused = await onHost(bright, method, path, method === 'POST' ? auth(owner) : { headers: auth(owner).headers });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(refused.text).error.message).toBe(customDomainMessages.notThisSite);
    }
    expect(await tableFingerprint()).toEqual(before);
    expect((await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner })).status).toBe(200);
    // The platform's admins work on the platform's address only.
    const admin = await createUser({ groups: ['admin'] });
    expect((await onHost(bright, 'POST', '/api/me', auth(admin))).status).toBe(403);
    // Someone with no membership yet (signed up through an invitation, about to accept it) may go on.
    const newcomer = await createUser();
    expect((await onHost(bright, 'POST', '/api/me', auth(newcomer))).status).toBe(200);
    expect((await db.customDomain.get({ domain: bright }).go()).data).toMatchObject({ agencyId: 'demo-agency-bright', state: 'active' });
  });

  it('serves nothing on a domain that is not active, nor on an unknown or forged Host, and ignores a claimed domain header', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const pending = uniqueDomain();
    await addDomain(user, agencyId, pending);
    for (const host of [pending, 'evil.example', 'cards.bright.localhost.evil.example', 'CARDS.BRIGHT.LOCALHOST.']) {
      expect((await onHost(host, 'GET', '/card/demo-card-sam-baker')).status, host).toBe(404);
      expect((await onHost(host, 'GET', '/')).status, host).toBe(404);
    }
    // A viewer claiming the domain header on the platform host: dropped, the page names the platform URL only.
    const claimed = await onHost('127.0.0.1', 'GET', '/card/demo-card-jane-cooper', { headers: { 'x-cardcrew-custom-domain': 'evil.example' } });
    expect(claimed.status).toBe(200);
    expect(claimed.text).not.toContain('evil.example');
    expect(claimed.text).toContain(`${runtime.origin}/card/demo-card-jane-cooper`);
  });
});
