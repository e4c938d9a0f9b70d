// Company Settings and uploads over the API (issue 8 §1, §2, §10): validation and null-clearing, the billing-email
// guard moving in the same transaction, the fan-out to every card (more than one page of them); uploads refused by
// their bytes or size with nothing half-stored, metadata stripped, the photo on the card page, the vCard's PHOTO.
import jsQR from 'jsqr';
import sharp from 'sharp';
import vCard from 'vcf';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/schemas/media';
import { addEmployee, api, createOwnerWithBusiness, origin, tables, uniqueEmail } from '../support/runtime';
import { confirmUpload, mediaKeys, pngImage, sendUpload, uploadPng } from '../support/uploads';

type Owner = Awaited<ReturnType<typeof createOwnerWithBusiness>>;

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Settings Co',
  industry: 'Design',
  description: 'We design things.',
  website: 'https://settings.example',
  billingEmail: uniqueEmail('billing'),
  billingAddress: '1 Main Street',
  billingCity: 'Lisbon',
  billingPostalCode: '1100-148',
  billingCountry: 'Portugal',
  primaryColor: '#0F766E',
  secondaryColor: '#115E59',
  accentColor: '#F59E0B',
  ...overrides,
});

const save = (owner: Owner, body: Record<string, unknown>) => api('PUT', `/api/businesses/${owner.business.id}`, { user: owner.owner, body });

describe('Company Settings', () => {
  it('answers each invalid field with the spec message and changes nothing', async () => {
    const owner = await createOwnerWithBusiness();
    const res = await save(owner, settings({ name: ' ', primaryColor: 'blue', website: 'nope', billingEmail: 'x@' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toMatchObject({ name: messages.businessForm.nameRequired, primaryColor: messages.settings.hexColor, billingEmail: messages.businessForm.validEmail });
    expect(res.body.error.fieldErrors.website).toBeTruthy();
    const db = await tables();
    expect((await db.business.get({ businessId: owner.business.id }).go()).data!.name).toBe(owner.business.name);
  });

  it('turns the public card’s own QR code on and off for every card, stored on the business and its cards’ copies', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Pass It On Ltd' });
    const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Quin Passer', status: 'active' });
    const db = await tables();
    expect(owner.business).toMatchObject({ cardPageQr: false });
    expect(await (await fetch(`${origin}/card/${employee.card.id}`)).text()).not.toContain('<svg');

    const on = await save(owner, settings({ cardPageQr: true }));
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ cardPageQr: true });
    expect((await db.business.get({ businessId: owner.business.id }).go()).data!.cardPageQr).toBe(true);
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.business.cardPageQr).toBe(true);
    const html = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    const svg = /<svg\b[\s\S]*?<\/svg>/.exec(html)![0];
    expect(svg).toContain('aria-label="QR code of Quin Passer’s card"');
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).resize(400, 400, { kernel: 'nearest' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(`${employee.card.cardUrl}?s=qr`);

    // A save that does not mention it leaves it as it is; false turns it off.
    expect((await save(owner, settings({ name: 'Pass It On Ltd' }))).body).toMatchObject({ cardPageQr: true });
    const off = await save(owner, settings({ cardPageQr: false }));
    expect(off.body).toMatchObject({ cardPageQr: false });
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.business.cardPageQr).toBe(false);
    expect(await (await fetch(`${origin}/card/${employee.card.id}`)).text()).not.toContain('<svg');
    expect((await save(owner, settings({ cardPageQr: 'yes' }))).status).toBe(400);
  });

  it('stores every emptied optional field as absent, billing fields included, and frees the old billing e-mail', async () => {
    const owner = await createOwnerWithBusiness();
    const res = await save(owner, { name: 'Bare Co', industry: '', website: '', billingEmail: '', billingCity: '', billingCountry: '', billingPostalCode: '', primaryColor: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Bare Co', industry: null, website: null, billingEmail: null, billingCity: null, billingCountry: null, billingPostalCode: null, primaryColor: null });
    const db = await tables();
    const stored = (await db.business.get({ businessId: owner.business.id }).go()).data!;
    for (const field of ['industry', 'website', 'billingEmail', 'billingCity', 'primaryColor']) expect(stored).not.toHaveProperty(field);
    expect((await db.billingEmailGuard.get({ billingEmail: owner.business.billingEmail }).go()).data).toBeNull();
  });

  it('moves the billing-email guard with the address, and refuses one another business holds (any case)', async () => {
    const owner = await createOwnerWithBusiness();
    const other = await createOwnerWithBusiness();
    const email = uniqueEmail('moved');
    expect((await save(owner, settings({ billingEmail: email }))).status).toBe(200);
    const db = await tables();
    expect((await db.billingEmailGuard.get({ billingEmail: email }).go()).data?.businessId).toBe(owner.business.id);
    expect((await db.billingEmailGuard.get({ billingEmail: owner.business.billingEmail }).go()).data).toBeNull();

    const taken = await save(other, settings({ billingEmail: email.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.fieldErrors).toEqual({ billingEmail: messages.businessForm.emailTaken });
    expect((await db.business.get({ businessId: other.business.id }).go()).data!.billingEmail).toBe(other.business.billingEmail);
    expect((await db.billingEmailGuard.get({ billingEmail: other.business.billingEmail }).go()).data?.businessId).toBe(other.business.id);
  });

  it('brings every card of the business in step, over more than one page of cards, and the public pages show it', async () => {
    const owner = await createOwnerWithBusiness();
    const employees = [];
    for (let i = 0; i < 120; i++) employees.push(await addEmployee(owner.owner, owner.business.id, { status: 'active', name: `Person ${i}` }));
    const res = await save(owner, settings({ name: 'Renamed Co', primaryColor: '#7C3AED', website: 'https://renamed.example' }));
    expect(res.status).toBe(200);

    const db = await tables();
    const business = (await db.business.get({ businessId: owner.business.id }).go()).data!;
    const stale: string[] = [];
    for (const e of employees) {
      const card = (await db.card.get({ cardId: e.card.id }).go()).data!;
      if (card.business.name !== 'Renamed Co' || card.business.primaryColor !== '#7C3AED' || card.brandVersion !== business.brandVersion) stale.push(e.card.id);
    }
    expect(stale).toEqual([]);
    const page = await (await fetch(`${origin}/card/${employees[119]!.card.id}`)).text();
    expect(page).toContain('Renamed Co');
    expect(page).toContain('renamed.example');
  });

  it('never lets a card keep an outdated copy when employees are added while settings change', async () => {
    const owner = await createOwnerWithBusiness();
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => addEmployee(owner.owner, owner.business.id, { status: 'active', name: `Racer ${i}` })),
      save(owner, settings({ name: 'Raced Co', primaryColor: '#DC2626' })),
    ]);
    expect((results.at(-1) as { status: number }).status).toBe(200);
    const db = await tables();
    const version = (await db.business.get({ businessId: owner.business.id }).go()).data!.brandVersion;
    for (const e of results.slice(0, 6) as { card: { id: string } }[]) {
      const card = (await db.card.get({ cardId: e.card.id }).go()).data!;
      expect(card.business.name, e.card.id).toBe('Raced Co');
      expect(card.brandVersion).toBe(version);
    }
  });
});

describe('uploads', () => {
  it('refuses 5 MB + 1 byte when the upload starts, and again by the stored size when the policy was not enforced', async () => {
    const owner = await createOwnerWithBusiness();
    const tooBig = await api('POST', `/api/businesses/${owner.business.id}/uploads`, { user: owner.owner, body: { contentType: 'image/png', size: MAX_UPLOAD_BYTES + 1, purpose: 'logo' } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.fieldErrors.size).toBe(messages.upload.tooLarge);

    // The local S3 does not enforce the policy's content-length-range; the confirm call refuses by the stored size.
    const png = await pngImage(32);
    const body = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.byteLength)]);
    const { uploadId } = await sendUpload(owner.owner, owner.business.id, 'logo', body, { declaredSize: 1000 });
    const res = await confirmUpload(owner.owner, owner.business.id, uploadId);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(messages.upload.tooLarge);
    expect(await mediaKeys(`uploads/${owner.business.id}/`)).toEqual([]);
    expect(await mediaKeys(`logos/${owner.business.id}/`)).toEqual([]);
  });

  it('refuses by the bytes: an HTML file named .png, an SVG, a truncated PNG — nothing stored, nothing changed', async () => {
    const owner = await createOwnerWithBusiness();
    const png = await pngImage(256, '#16a34a');
    const cases: [string, Buffer, string][] = [
      ['html as png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
      ['truncated png', png.subarray(0, Math.floor(png.byteLength / 2)), 'image/png'],
    ];
    for (const [label, bytes, type] of cases) {
      const { uploadId } = await sendUpload(owner.owner, owner.business.id, 'logo', bytes, { contentType: type });
      const res = await confirmUpload(owner.owner, owner.business.id, uploadId);
      expect(res.status, label).toBe(415);
      expect(res.body.error.message, label).toBe(messages.upload.invalidType);
    }
    expect(await mediaKeys(`uploads/${owner.business.id}/`)).toEqual([]);
    expect(await mediaKeys(`logos/${owner.business.id}/`)).toEqual([]);
    const db = await tables();
    expect((await db.business.get({ businessId: owner.business.id }).go()).data).not.toHaveProperty('logoUrl');
    // An SVG is refused before any upload starts, too.
    const svg = await api('POST', `/api/businesses/${owner.business.id}/uploads`, { user: owner.owner, body: { contentType: 'image/svg+xml', size: 100, purpose: 'logo' } });
    expect(svg.status).toBe(400);
  });

  it('refuses an image over 40 megapixels with 422 and says it is too large — nothing stored, nothing changed', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    // A valid 8000×8000 PNG well under 5 MB, and a photo upload of it.
    const big = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    expect(big.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    for (const [purpose, employeeId] of [['logo', undefined], ['photo', employee.id]] as const) {
      const { uploadId } = await sendUpload(owner.owner, owner.business.id, purpose, big, { employeeId });
      const res = await confirmUpload(owner.owner, owner.business.id, uploadId);
      expect(res.status, purpose).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'UNPROCESSABLE', message: messages.upload.tooManyPixels, fieldErrors: { file: messages.upload.tooManyPixelsTitle } });
    }
    expect(await mediaKeys(`uploads/${owner.business.id}/`)).toEqual([]);
    expect(await mediaKeys(`logos/${owner.business.id}/`)).toEqual([]);
    expect(await mediaKeys(`photos/${owner.business.id}/`)).toEqual([]);
    const db = await tables();
    expect((await db.business.get({ businessId: owner.business.id }).go()).data).not.toHaveProperty('logoUrl');
    expect((await db.employee.get({ employeeId: employee.id }).go()).data).not.toHaveProperty('photoUrl');
  });

  it('strips EXIF (GPS included) from a photo, shows it on the card page at 96 px with a 192 px 2× source, and embeds it in the vCard', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active', name: 'Photo Person' });
    const withGps = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f97316' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'CardCrewCam', Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { uploadId } = await sendUpload(owner.owner, owner.business.id, 'photo', withGps, { contentType: 'image/jpeg', employeeId: employee.id });
    const res = await confirmUpload(owner.owner, owner.business.id, uploadId);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`/media/photos/${owner.business.id}/${employee.id}/[A-Za-z0-9_-]+/192\\.webp$`));

    const folder = res.body.url.replace(`${origin}/media/`, '').replace(/\/192\.webp$/, '');
    expect(await mediaKeys(`photos/${owner.business.id}/`)).toEqual([`${folder}/192.webp`, `${folder}/96.webp`, `${folder}/photo.jpg`]);
    expect(await mediaKeys(`uploads/${owner.business.id}/`)).toEqual([]);
    for (const name of ['96.webp', '192.webp', 'photo.jpg']) {
      const stored = Buffer.from(await (await fetch(`${origin}/media/${folder}/${name}`)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(stored.includes(Buffer.from('secret-owner')), name).toBe(false);
    }
    const db = await tables();
    expect((await db.employee.get({ employeeId: employee.id }).go()).data!.photoUrl).toBe(res.body.url);
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.profile.photoUrl).toBe(res.body.url);

    const html = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    expect(html).toContain(`src="${origin}/media/${folder}/96.webp"`);
    expect(html).toContain(`${origin}/media/${folder}/192.webp 2x`);

    const vcf = await (await fetch(`${origin}/api/public/cards/${employee.card.id}/vcard`)).text();
    expect(vcf).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
    for (const line of vcf.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const parsed = vCard.parse(vcf)[0]!;
    const photo = parsed.get('photo') as { valueOf(): string } | { valueOf(): string }[];
    const value = Array.isArray(photo) ? photo[0]!.valueOf() : photo.valueOf();
    const jpeg = Buffer.from(String(value), 'base64');
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
  });

  it('backfills Google Wallet’s logo for a logo stored before it existed, once', async () => {
    const owner = await createOwnerWithBusiness();
    const saved = await confirmUpload(owner.owner, owner.business.id, await uploadPng(owner.owner, owner.business.id, 'logo'));
    const folder = saved.body.url.replace(`${origin}/media/`, '').replace(/\/256\.webp$/, '');
    // As a logo uploaded before wallet.png was made: without it.
    const { deleteMediaObjects } = await import('../../functions/src/adapters/media');
    await deleteMediaObjects([`${folder}/wallet.png`]);
    expect(await mediaKeys(`${folder}/`)).not.toContain(`${folder}/wallet.png`);

    const { backfillWalletLogos } = await import('../../functions/src/uploads/backfill-wallet-logos');
    const first = await backfillWalletLogos();
    expect(first.failed).toEqual([]);
    expect(first.written).toBeGreaterThanOrEqual(1);
    const meta = await sharp(Buffer.from(await (await fetch(`${origin}/media/${folder}/wallet.png`)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 660, 660]);
    expect((await backfillWalletLogos()).written).toBe(0);
  });

  it('replaces a logo: the new one on every card, the old renditions deleted; a second confirm and someone else’s confirm are 404', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const first = await confirmUpload(owner.owner, owner.business.id, await uploadPng(owner.owner, owner.business.id, 'logo'));
    expect(first.status).toBe(200);
    const secondId = await uploadPng(owner.owner, owner.business.id, 'logo');
    const other = await createOwnerWithBusiness();
    expect((await confirmUpload(other.owner, owner.business.id, secondId)).status).toBe(404);
    const second = await confirmUpload(owner.owner, owner.business.id, secondId);
    expect(second.status).toBe(200);
    expect((await confirmUpload(owner.owner, owner.business.id, secondId)).status).toBe(404);

    const folder = second.body.url.replace(`${origin}/media/`, '').replace(/\/256\.webp$/, '');
    expect(await mediaKeys(`logos/${owner.business.id}/`)).toEqual([`${folder}/128.webp`, `${folder}/256.webp`, `${folder}/64.webp`, `${folder}/photo.jpg`, `${folder}/wallet.png`]);
    // Google Wallet's logo beside it: a 660×660 PNG, as Google's pass design guidelines ask.
    const walletLogo = await fetch(`${origin}/media/${folder}/wallet.png`);
    expect(walletLogo.headers.get('content-type')).toBe('image/png');
    const walletMeta = await sharp(Buffer.from(await walletLogo.arrayBuffer())).metadata();
    expect([walletMeta.format, walletMeta.width, walletMeta.height]).toEqual(['png', 660, 660]);
    const db = await tables();
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.business.logoUrl).toBe(second.body.url);
    const html = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    expect(html).toContain(`${folder}/64.webp`);
  });
});
