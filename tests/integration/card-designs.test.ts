// Card designs over the API: the owner's choice of layout, cover and optional fields in Company Settings (refused to
// anyone who may not manage the business, stored once on the business and copied onto every card), the person's
// optional fields on the card page and in the vCard only while switched on, the cover upload, and the preview route.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addEmployee, api, createOwnerWithBusiness, origin, tables, type TestUser } from '../support/runtime';
import { currentPreview } from '../support/link-previews';
import { confirmUpload, mediaKeys, sendUpload } from '../support/uploads';

type Owner = Awaited<ReturnType<typeof createOwnerWithBusiness>>;

const allOn = { pronouns: true, bio: true, booking: true, address: true, links: true };
const allOff = { pronouns: false, bio: false, booking: false, address: false, links: false };
const design = (layout: string, fields: Record<string, boolean> = allOn, coverUrl: string | null = null) => ({
  layout,
  coverUrl,
  fields,
});

/** Company Settings as the form sends it: the business's fields plus the design. */
const saveDesign = (owner: Owner, cardDesign: unknown, user: TestUser | null = owner.owner) =>
  api('PUT', `/api/businesses/${owner.business.id}`, { user, body: { name: owner.business.name, cardDesign } });

const extras = {
  pronouns: 'she/her',
  bio: 'Ships design systems.',
  bookingUrl: 'https://cal.example/erin',
  officeAddress: '1 Harbour St\nLisbon',
  links: [{ label: 'Portfolio', url: 'https://erin.example/work' }],
};

async function storedBusiness(businessId: string) {
  return (await (await tables()).business.get({ businessId }).go()).data!;
}
async function storedCard(cardId: string) {
  return (await (await tables()).card.get({ cardId }).go()).data!;
}

describe('card design setting', () => {
  it('is Classic with no optional field until chosen, and a save without it leaves it as it is', async () => {
    const owner = await createOwnerWithBusiness();
    const res = await api('PUT', `/api/businesses/${owner.business.id}`, {
      user: owner.owner,
      body: { name: 'Still Classic' },
    });
    expect(res.status).toBe(200);
    expect(res.body.cardDesign).toEqual(design('classic', allOff));
    expect((await storedBusiness(owner.business.id)).cardDesign).toBeUndefined();
  });

  it('stores the owner’s design on the business and on every card, and the card page changes at once', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active', name: 'Erin Compact' });
    const res = await saveDesign(owner, design('compact', { ...allOff, pronouns: true }));
    expect(res.status).toBe(200);
    expect(res.body.cardDesign).toEqual(design('compact', { ...allOff, pronouns: true }));
    expect((await storedBusiness(owner.business.id)).cardDesign).toEqual({
      layout: 'compact',
      fields: { ...allOff, pronouns: true },
    });
    expect((await storedCard(employee.card.id)).business.design).toEqual({
      layout: 'compact',
      fields: { ...allOff, pronouns: true },
    });
    const html = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    expect(html).toContain('<header class="compact">');

    expect((await saveDesign(owner, design('banner'))).status).toBe(200);
    expect(await (await fetch(`${origin}/card/${employee.card.id}`)).text()).toContain(
      '<header class="banner"><div class="cover"></div>',
    );
  });

  it('refuses anyone who may not manage the business and an unknown layout, storing nothing', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const other = await createOwnerWithBusiness();
    expect((await saveDesign(owner, design('banner'), other.owner)).status).toBe(403);
    expect((await saveDesign(owner, design('banner'), null)).status).toBe(401);
    const bad = await saveDesign(owner, { ...design('banner'), layout: 'neon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fieldErrors['cardDesign.layout']).toBe('Choose Classic, Compact or Banner');
    expect((await saveDesign(owner, design('banner', allOn, 'javascript:alert(1)'))).status).toBe(400);
    expect((await storedBusiness(owner.business.id)).cardDesign).toBeUndefined();
    expect((await storedCard(employee.card.id)).business.design).toBeUndefined();
  });
});

describe('optional card fields', () => {
  it('are stored on the person and their card; the page and the vCard show only those the business switched on', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, {
      status: 'active',
      name: 'Erin Fields',
      email: 'erin.fields@example.com',
    });
    const saved = await api('PUT', `/api/businesses/${owner.business.id}/employees/${employee.id}`, {
      user: owner.owner,
      body: {
        name: 'Erin Fields',
        email: 'erin.fields@example.com',
        role: 'employee',
        status: 'active',
        cardExtras: extras,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.cardExtras).toEqual(extras);
    const db = await tables();
    expect((await db.employee.get({ employeeId: employee.id }).go()).data).toMatchObject({
      pronouns: 'she/her',
      bookingUrl: 'https://cal.example/erin',
      extraLinks: extras.links,
    });
    expect((await storedCard(employee.card.id)).profile).toMatchObject({
      pronouns: 'she/her',
      bio: 'Ships design systems.',
      officeAddress: '1 Harbour St\nLisbon',
      extraLinks: extras.links,
    });

    // Off by default: neither the page nor the vCard shows them.
    const hidden = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    const hiddenVcard = await (await fetch(`${origin}/api/public/cards/${employee.card.id}/vcard`)).text();
    for (const text of ['she/her', 'Ships design', 'cal.example', 'Harbour', 'Portfolio']) {
      expect(hidden).not.toContain(text);
      expect(hiddenVcard).not.toContain(text);
    }

    expect((await saveDesign(owner, design('classic', { ...allOn, bio: false }))).status).toBe(200);
    const shown = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    expect(shown).toContain('<p class="pronouns">she/her</p>');
    expect(shown).toContain('Book a meeting');
    expect(shown).toContain('Show on map');
    expect(shown).toContain('>Portfolio<');
    expect(shown).not.toContain('Ships design');
    const vcard = (await (await fetch(`${origin}/api/public/cards/${employee.card.id}/vcard`)).text()).replace(
      /\r\n /g,
      '',
    );
    expect(vcard).toContain('NOTE:Pronouns: she/her');
    expect(vcard).toContain('item1.URL:https://cal.example/erin');
    expect(vcard).toContain('item2.X-ABLabel:Portfolio');
    expect(vcard).toContain('ADR;TYPE=WORK:;;1 Harbour St\\nLisbon;;;;');
    expect(vcard).not.toContain('Ships design');
  });

  it('refuses a sixth link and a link that is not http(s), and a save without them keeps them', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, {
      status: 'active',
      name: 'Erin Links',
      email: 'erin.links@example.com',
    });
    const base = { name: 'Erin Links', email: 'erin.links@example.com', role: 'employee', status: 'active' };
    const put = (body: unknown) =>
      api('PUT', `/api/businesses/${owner.business.id}/employees/${employee.id}`, { user: owner.owner, body });
    const six = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: `https://l${i}.example` }));
    expect((await put({ ...base, cardExtras: { links: six } })).status).toBe(400);
    expect((await put({ ...base, cardExtras: { links: [{ label: 'X', url: 'javascript:alert(1)' }] } })).status).toBe(
      400,
    );
    expect(
      (await tables().then((db) => db.employee.get({ employeeId: employee.id }).go())).data!.extraLinks,
    ).toBeUndefined();

    expect((await put({ ...base, cardExtras: extras })).status).toBe(200);
    const kept = await put({ ...base, jobTitle: 'Lead' });
    expect(kept.status).toBe(200);
    expect(kept.body.cardExtras).toEqual(extras);
    expect((await storedCard(employee.card.id)).profile).toMatchObject({
      jobTitle: 'Lead',
      pronouns: 'she/her',
      extraLinks: extras.links,
    });
  });
});

describe('cover image', () => {
  it('is an upload like the logo: 3:1 renditions at 480 and 640 px, on the design and every card; a new one deletes the old', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    expect((await saveDesign(owner, design('banner'))).status).toBe(200);
    const wide = await sharp({ create: { width: 1500, height: 900, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const { uploadId } = await sendUpload(owner.owner, owner.business.id, 'cover', wide);
      const confirmed = await confirmUpload(owner.owner, owner.business.id, uploadId);
      expect(confirmed.status).toBe(200);
      return confirmed.body.url as string;
    };
    const first = await upload();
    expect(first).toMatch(/\/media\/covers\/.+\/640\.webp$/);
    const stored = await storedBusiness(owner.business.id);
    expect(stored.cardDesign).toEqual({ layout: 'banner', coverUrl: first, fields: allOn });
    expect((await storedCard(employee.card.id)).business.design?.coverUrl).toBe(first);
    const bytes = Buffer.from(await (await fetch(first)).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 213 });
    const html = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    expect(html).toContain(first.replace('640.webp', '480.webp'));

    const second = await upload();
    const folder = second.replace(`${origin}/media/`, '').replace(/\/640\.webp$/, '');
    expect(await mediaKeys(`covers/${owner.business.id}/`)).toEqual([
      `${folder}/480.webp`,
      `${folder}/640.webp`,
      `${folder}/photo.jpg`,
    ]);
  });

  it('is the business’s: a cover upload naming an employee is refused', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const res = await api('POST', `/api/businesses/${owner.business.id}/uploads`, {
      user: owner.owner,
      body: { contentType: 'image/png', size: 100, purpose: 'cover', employeeId: employee.id },
    });
    expect(res.status).toBe(400);
  });
});

describe('design preview', () => {
  it('renders the card page for a design not yet saved, with the employee’s card, and stores nothing', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active', name: 'Pat Preview' });
    // The card-sharing worker writes the card's link preview soon after it is made: the comparison starts after that.
    await currentPreview(employee.card.id);
    const before = await storedCard(employee.card.id);
    const res = await api('POST', `/api/businesses/${owner.business.id}/card-design/preview`, {
      user: owner.owner,
      body: { design: design('banner'), employeeId: employee.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<header class="banner">');
    expect(res.text).toContain('<h1>Pat Preview</h1>');
    expect(res.text).not.toMatch(/<script/i);
    // The served page is the same template: only the design differs.
    const served = await (await fetch(`${origin}/card/${employee.card.id}`)).text();
    expect(served).toContain('<header><');
    expect(await storedCard(employee.card.id)).toEqual(before);
    expect((await storedBusiness(owner.business.id)).cardDesign).toBeUndefined();
  });

  it('is the owner’s: another business’s owner is refused, and another business’s employee is unknown', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const other = await createOwnerWithBusiness();
    const theirs = await addEmployee(other.owner, other.business.id, { status: 'active' });
    const preview = (user: typeof owner.owner, employeeId: string) =>
      api('POST', `/api/businesses/${owner.business.id}/card-design/preview`, {
        user,
        body: { design: design('compact'), employeeId },
      });
    expect((await preview(other.owner, employee.id)).status).toBe(403);
    expect((await preview(owner.owner, theirs.id)).status).toBe(404);
  });
});
