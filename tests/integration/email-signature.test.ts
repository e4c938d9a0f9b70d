// The e-mail signature route (issue 22 §3) on the local runtime: who may read a card's signature, the QR PNG it makes
// (decoded back to the card URL marked as a signature scan, served from /media with a year's cache, made once), and
// Company Settings' field choices and disclaimer (validated, stored on the business, followed by the signature).
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEmailSignature, SIGNATURE_MAX_BYTES } from '../../shared/email-signature';
import { messages } from '../../shared/messages';
import { DEFAULT_SIGNATURE_FIELDS } from '../../shared/schemas/email-signature';
import { invite } from '../support/invitations';
import { confirmUpload, mediaKeys, sendUpload } from '../support/uploads';
import { addEmployee, api, createOwnerWithBusiness, createUser, origin, tables, uniqueEmail, type TestUser } from '../support/runtime';

let a: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let b: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let ada: Awaited<ReturnType<typeof addEmployee>>;
let adaUser: TestUser;
let bob: Awaited<ReturnType<typeof addEmployee>>;
let bobUser: TestUser;

const path = (cardId: string) => `/api/cards/${cardId}/email-signature`;

async function linked(owner: typeof a, overrides: Record<string, unknown>) {
  const email = uniqueEmail('sig');
  const employee = await addEmployee(owner.owner, owner.business.id, { email, status: 'active', ...overrides });
  const token = await invite(owner, employee.id, email);
  const user = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user })).status).toBe(200);
  return { employee, user };
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Signature Works',
  billingEmail: uniqueEmail('billing'),
  primaryColor: '#0F766E',
  ...overrides,
});

beforeAll(async () => {
  a = await createOwnerWithBusiness({ name: 'Signature Works' });
  b = await createOwnerWithBusiness({ name: 'Other Co' });
  ({ employee: ada, user: adaUser } = await linked(a, { name: 'Ada Signer', jobTitle: 'Engineer', officePhone: '+1 555 0100', mobilePhone: '+1 555 0199' }));
  ({ employee: bob, user: bobUser } = await linked(b, { name: 'Bob Other' }));
});

describe('GET /api/cards/{cardId}/email-signature', () => {
  it('gives the employee their card’s signature data with the card URL marked as a signature scan', async () => {
    const res = await api('GET', path(ada.card.id), { user: adaUser });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cardId: ada.card.id,
      cardUrl: `${origin}/card/${ada.card.id}?s=es`,
      siteOrigin: origin,
      name: 'Ada Signer',
      jobTitle: 'Engineer',
      email: ada.email,
      phones: [
        { label: 'Office', number: '+1 555 0100' },
        { label: 'Mobile', number: '+1 555 0199' },
      ],
      companyName: 'Signature Works',
      fields: DEFAULT_SIGNATURE_FIELDS,
      disclaimer: null,
    });
    expect(res.body.qrImageUrl).toMatch(new RegExp(`^${origin}/media/signature-qr/${a.business.id}/${ada.card.id}/[0-9a-f]{16}\\.png$`));

    // The builder's HTML from the real data keeps the rules: every image on the site's origin with alt text, ≤ 10 KB.
    const { html } = buildEmailSignature(res.body);
    const imgs = html.match(/<img\b[^>]*>/g) ?? [];
    expect(imgs.length).toBeGreaterThanOrEqual(1);
    for (const tag of imgs) {
      expect(new URL(/src="([^"]+)"/.exec(tag)![1]!).origin).toBe(origin);
      expect(/alt="([^"]+)"/.exec(tag)?.[1]).toBeTruthy();
    }
    expect(html.length).toBeLessThan(SIGNATURE_MAX_BYTES);
  });

  it('serves the QR code as a small PNG from /media, cached for a year, that decodes to the marked card URL; made once', async () => {
    const first = await api('GET', path(ada.card.id), { user: adaUser });
    const png = await fetch(first.body.qrImageUrl);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toContain('max-age=31536000');
    const bytes = Buffer.from(await png.arrayBuffer());
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(info.height);
    expect(info.width).toBeGreaterThanOrEqual(100);
    expect(info.width).toBeLessThanOrEqual(160);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(`${origin}/card/${ada.card.id}?s=es`);
    expect(bytes.length).toBeLessThan(2048);

    // The owner's call answers the same image (same URL, same key): nothing new is made.
    const again = await api('GET', path(ada.card.id), { user: a.owner });
    expect(again.status).toBe(200);
    expect(again.body.qrImageUrl).toBe(first.body.qrImageUrl);
    expect(Buffer.from(await (await fetch(again.body.qrImageUrl)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('gives the photo and logo as PNGs made from the stored WebP: the photo 2× its 80 px and cropped round, the logo 2× the size the HTML gives it', async () => {
    const owned = await createOwnerWithBusiness({ name: 'Pictured Ltd' });
    const { employee, user } = await linked(owned, { name: 'Pia Pictured' });
    const image = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
    const upload = async (purpose: 'logo' | 'photo', body: Buffer, employeeId?: string) => {
      const { uploadId } = await sendUpload(owned.owner, owned.business.id, purpose, body, { employeeId });
      const res = await confirmUpload(owned.owner, owned.business.id, uploadId);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/\.webp$/);
    };
    await upload('logo', await image(400, 100, '#0f766e'));
    await upload('photo', await image(300, 300, '#f97316'), employee.id);

    const res = await api('GET', path(employee.card.id), { user });
    expect(res.status).toBe(200);
    const folder = `signature-qr/${owned.business.id}/${employee.card.id}/`;
    expect(res.body.photoUrl).toMatch(new RegExp(`^${origin}/media/${folder}photo-[0-9a-f]{16}\\.png$`));
    expect(res.body.logoUrl).toMatch(new RegExp(`^${origin}/media/${folder}logo-[0-9a-f]{16}\\.png$`));
    expect(res.body.logoSize).toEqual({ width: 144, height: 36 });

    // What a mail client fetches: PNGs, cached for a year, at twice the size the HTML gives them.
    const fetched = async (url: string) => {
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('cache-control')).toContain('max-age=31536000');
      return sharp(Buffer.from(await got.arrayBuffer())).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    };
    const photo = await fetched(res.body.photoUrl);
    expect([photo.info.width, photo.info.height]).toEqual([160, 160]);
    const alpha = (x: number, y: number) => photo.data[(y * photo.info.width + x) * 4 + 3];
    expect([alpha(0, 0), alpha(159, 0), alpha(0, 159), alpha(159, 159)]).toEqual([0, 0, 0, 0]);
    expect(alpha(80, 80)).toBe(255);
    const logo = await fetched(res.body.logoUrl);
    expect([logo.info.width, logo.info.height]).toEqual([288, 72]);

    // The HTML, parsed tag by tag: PNG sources only, each with width and height attributes, no CSS rounding.
    const { html } = buildEmailSignature(res.body);
    const imgs = [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attrs]) => Object.fromEntries([...attrs!.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])));
    expect(imgs.map(({ src, width, height }) => [src, width, height])).toEqual([
      [res.body.photoUrl, '80', '80'],
      [res.body.logoUrl, '144', '36'],
      [res.body.qrImageUrl, '88', '88'],
    ]);
    expect(html).not.toMatch(/\.webp|border-radius/);

    // Stored once, beside the QR image; a second call makes nothing new.
    const stored = await mediaKeys(folder);
    expect(stored).toHaveLength(3);
    expect((await api('GET', path(employee.card.id), { user: owned.owner })).body).toEqual(res.body);
    expect(await mediaKeys(folder)).toEqual(stored);
  });

  it('refuses an employee or owner of another business, and answers 404 for an unknown card; nothing is stored for them', async () => {
    expect((await api('GET', path(ada.card.id), { user: bobUser })).status).toBe(403);
    expect((await api('GET', path(ada.card.id), { user: b.owner })).status).toBe(403);
    expect((await api('GET', path(bob.card.id), { user: adaUser })).status).toBe(403);
    expect((await api('GET', path(bob.card.id), { user: a.owner })).status).toBe(403);
    expect((await api('GET', path('card_doesnotexist0000'), { user: a.owner })).status).toBe(404);
    expect((await api('GET', path(ada.card.id), {})).status).toBe(401);
    // Bob's own call is the first allowed one for his card: his image appears only then.
    const bobPrefix = `signature-qr/${b.business.id}/${bob.card.id}/`;
    expect(await mediaKeys(bobPrefix)).toEqual([]);
    const own = await api('GET', path(bob.card.id), { user: bobUser });
    expect(own.status).toBe(200);
    expect((await fetch(own.body.qrImageUrl)).status).toBe(200);
    expect(await mediaKeys(bobPrefix)).toEqual([own.body.qrImageUrl.slice(`${origin}/media/`.length)]);
  });
});

describe('Company Settings: signature fields and disclaimer', () => {
  it('stores the owner’s choices on the business, and the signature follows them', async () => {
    const fields = { ...DEFAULT_SIGNATURE_FIELDS, photo: false, qrCode: false, phones: false };
    const disclaimer = 'Confidential: meant for the addressee only. '.repeat(6).trim().slice(0, 300);
    const saved = await api('PUT', `/api/businesses/${a.business.id}`, { user: a.owner, body: settings({ signatureFields: fields, signatureDisclaimer: disclaimer }) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ signatureFields: fields, signatureDisclaimer: disclaimer });
    const db = await tables();
    expect((await db.business.get({ businessId: a.business.id }).go()).data).toMatchObject({ signatureFields: fields, signatureDisclaimer: disclaimer });

    const res = await api('GET', path(ada.card.id), { user: adaUser });
    expect(res.body).toMatchObject({ fields, disclaimer });
    const { html, text } = buildEmailSignature(res.body);
    expect(html).not.toContain('signature-qr/');
    expect(html).not.toContain('tel:');
    expect(html).toContain(disclaimer);
    expect(text.endsWith(disclaimer)).toBe(true);

    // A save without the signature keys (an older client) leaves them as they are; an emptied disclaimer removes it.
    expect((await api('PUT', `/api/businesses/${a.business.id}`, { user: a.owner, body: settings() })).body).toMatchObject({ signatureFields: fields, signatureDisclaimer: disclaimer });
    const cleared = await api('PUT', `/api/businesses/${a.business.id}`, { user: a.owner, body: settings({ signatureFields: DEFAULT_SIGNATURE_FIELDS, signatureDisclaimer: '' }) });
    expect(cleared.body).toMatchObject({ signatureFields: DEFAULT_SIGNATURE_FIELDS, signatureDisclaimer: null });
    expect((await db.business.get({ businessId: a.business.id }).go()).data?.signatureDisclaimer).toBeUndefined();
  });

  it('refuses a disclaimer over 300 characters or on two lines with a clear message, and stores nothing', async () => {
    const db = await tables();
    const before = (await db.business.get({ businessId: a.business.id }).go()).data;
    const long = await api('PUT', `/api/businesses/${a.business.id}`, { user: a.owner, body: settings({ signatureDisclaimer: 'x'.repeat(301) }) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Must be at most 300 characters');
    const twoLines = await api('PUT', `/api/businesses/${a.business.id}`, { user: a.owner, body: settings({ signatureDisclaimer: 'one\ntwo' }) });
    expect(twoLines.status).toBe(400);
    expect(JSON.stringify(twoLines.body)).toContain(messages.text.singleLine);
    const partial = await api('PUT', `/api/businesses/${a.business.id}`, { user: a.owner, body: settings({ signatureFields: { photo: false } }) });
    expect(partial.status).toBe(400);
    expect((await db.business.get({ businessId: a.business.id }).go()).data).toEqual(before);
  });
});
