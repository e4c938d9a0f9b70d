// 'Add to Apple Wallet' end to end on the local runtime (issue 22 §1): the signed-in call answers a 5-minute link for
// the card's own employee and its managers (403 to another business), the link answers a .pkpass that passes what iOS
// checks (manifest, detached PKCS#7 chaining to the local test root, pass.json), with the person, the brand, the
// images at @1x/@2x/@3x and the QR code marked as an Apple Wallet scan; an inactive card's pass is voided; a forged,
// swapped or expired link gets nothing.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { markedCardUrl } from '../../shared/scan-sources';
import { downloadGrantOf } from '../../functions/src/apple-wallet/pass-tokens';
import { verifyPkpass } from '../support/pkpass';
import { linkedEmployeeUser, localPassSecret, localRootPem } from '../support/apple-wallet';
import { addEmployee, api, createOwnerWithBusiness, origin, uniqueEmail, type TestUser } from '../support/runtime';
import { confirmUpload, pngImage, sendUpload } from '../support/uploads';

let owner: TestUser;
let businessId: string;
let employee: Awaited<ReturnType<typeof addEmployee>>;
let employeeUser: TestUser;
let otherOwner: TestUser;

async function upload(user: TestUser, purpose: 'logo' | 'photo', employeeId?: string) {
  const { uploadId } = await sendUpload(user, businessId, purpose, await pngImage(400, purpose === 'logo' ? '#f59e0b' : '#0f766e'), { employeeId });
  const confirmed = await confirmUpload(user, businessId, uploadId);
  expect(confirmed.status, confirmed.text).toBe(200);
}

beforeAll(async () => {
  ({ owner, business: { id: businessId } } = await createOwnerWithBusiness({ name: 'Wallet Works' }));
  const brand = await api('PUT', `/api/businesses/${businessId}`, {
    user: owner,
    body: { name: 'Wallet Works', industry: 'Design', website: 'https://a.example', billingEmail: uniqueEmail('billing'), billingCity: 'Lisbon', billingCountry: 'Portugal', billingPostalCode: '1100-148', primaryColor: '#1E40AF', secondaryColor: '#1D4ED8', accentColor: '#FDE68A' },
  });
  expect(brand.status, brand.text).toBe(200);
  employee = await addEmployee(owner, businessId, { name: 'Ada Lovelace', jobTitle: 'Analyst', status: 'active' });
  await upload(owner, 'logo');
  await upload(owner, 'photo', employee.id);
  employeeUser = await linkedEmployeeUser(businessId, employee.id);
  otherOwner = (await createOwnerWithBusiness()).owner;
});

async function linkFor(user: TestUser, cardId = employee.card.id) {
  return api<{ downloadUrl: string }>('POST', `/api/cards/${cardId}/apple-wallet-pass`, { user, body: {} });
}

async function download(url: string) {
  const res = await fetch(url);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const sizeOf = async (png: Buffer) => {
  const { width, height, format } = await sharp(png).metadata();
  return { width, height, format };
};

describe('Add to Apple Wallet', () => {
  it('gives the card’s own employee a link that answers a signed pass iOS accepts, with the person, the brand and the marked QR code', async () => {
    const link = await linkFor(employeeUser);
    expect(link.status, link.text).toBe(200);
    expect(link.body.downloadUrl).toMatch(new RegExp(`^${origin}/api/apple-wallet/passes/${employee.card.id}\\?expires=\\d+&signature=[\\w-]{43}$`));

    const { res, bytes } = await download(link.body.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Ada-Lovelace.pkpass"');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const { pass, files } = verifyPkpass(bytes, localRootPem());
    expect(pass).toMatchObject({
      formatVersion: 1,
      serialNumber: employee.card.id,
      organizationName: 'Wallet Works',
      logoText: 'Wallet Works',
      backgroundColor: 'rgb(30, 64, 175)',
      foregroundColor: 'rgb(255, 255, 255)',
      // The secondary colour is too close to the background; the accent keeps AA contrast.
      labelColor: 'rgb(253, 230, 138)',
      webServiceURL: `${origin}/api/passkit`,
    });
    expect(String(pass.authenticationToken).length).toBeGreaterThanOrEqual(16);
    expect(pass.voided).toBeUndefined();
    expect(pass.generic).toMatchObject({ primaryFields: [{ value: 'Ada Lovelace' }], secondaryFields: [{ value: 'Analyst' }], auxiliaryFields: [{ value: 'Wallet Works' }] });
    expect(pass.barcodes).toEqual([expect.objectContaining({ format: 'PKBarcodeFormatQR', message: markedCardUrl(employee.card.cardUrl, 'appleWallet') })]);

    for (const [scale, suffix] of [[1, ''], [2, '@2x'], [3, '@3x']] as const) {
      expect(await sizeOf(files[`icon${suffix}.png`]!)).toEqual({ width: 29 * scale, height: 29 * scale, format: 'png' });
      expect(await sizeOf(files[`thumbnail${suffix}.png`]!)).toEqual({ width: 90 * scale, height: 90 * scale, format: 'png' });
      // The square logo fits Apple's 160×50 pt box: 50 pt high.
      expect(await sizeOf(files[`logo${suffix}.png`]!)).toEqual({ width: 50 * scale, height: 50 * scale, format: 'png' });
    }
    // The photo is the thumbnail: its colour, not the logo's.
    const { dominant } = await sharp(files['thumbnail.png']!).stats();
    const distance = Math.hypot(dominant.r - 15, dominant.g - 118, dominant.b - 110);
    expect(distance, JSON.stringify(dominant)).toBeLessThan(20);
  });

  it('gives the owner a link too, and another business’s owner none (403)', async () => {
    const mine = await linkFor(owner);
    expect(mine.status).toBe(200);
    const { res } = await download(mine.body.downloadUrl);
    expect(res.status).toBe(200);
    const theirs = await linkFor(otherOwner);
    expect(theirs.status).toBe(403);
    expect(theirs.body.downloadUrl).toBeUndefined();
  });

  it('answers 404 for a card that does not exist', async () => {
    expect((await linkFor(owner, 'NoSuchCard0000000000001')).status).toBe(404);
  });

  it('signs a generated icon and no logo or thumbnail for a card without logo and photo', async () => {
    const { owner: plainOwner, business } = await createOwnerWithBusiness({ name: 'Plain Co' });
    const plain = await addEmployee(plainOwner, business.id, { name: 'Bo Plain', jobTitle: '', status: 'active' });
    const link = await linkFor(plainOwner, plain.card.id);
    const { pass, files } = verifyPkpass((await download(link.body.downloadUrl)).bytes, localRootPem());
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature']);
    expect(pass.generic!.secondaryFields).toEqual([]);
  });

  it('voids the pass of an inactive card', async () => {
    const inactive = await addEmployee(owner, businessId, { name: 'Gone Person', status: 'active' });
    const deactivated = await api('PUT', `/api/businesses/${businessId}/employees/${inactive.id}`, {
      user: owner,
      body: { name: 'Gone Person', email: inactive.email, jobTitle: 'Engineer', role: 'employee', status: 'inactive' },
    });
    expect(deactivated.status, deactivated.text).toBe(200);
    const link = await linkFor(owner, inactive.card.id);
    expect(link.status).toBe(200);
    const { pass } = verifyPkpass((await download(link.body.downloadUrl)).bytes, localRootPem());
    expect(pass.voided).toBe(true);
  });

  it('refuses a forged link (403), a link moved to another card (403) and an expired one (410), with no pass', async () => {
    const link = await linkFor(owner);
    const url = new URL(link.body.downloadUrl);
    const forged = new URL(url);
    forged.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`);
    const moved = new URL(url.href.replace(employee.card.id, (await addEmployee(owner, businessId)).card.id));
    const grant = downloadGrantOf(localPassSecret(), employee.card.id, Date.now() - 6 * 60_000);
    const expired = `${origin}/api/apple-wallet/passes/${employee.card.id}?expires=${grant.expires}&signature=${grant.signature}`;
    for (const [target, status] of [[forged.href, 403], [moved.href, 403], [expired, 410]] as const) {
      const { res, bytes } = await download(target);
      expect(res.status, target).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Buffer.from(bytes).toString()).toMatch(/Apple Wallet link/);
    }
    expect((await download(`${origin}/api/apple-wallet/passes/${employee.card.id}`)).res.status).toBe(400);
  });
});
