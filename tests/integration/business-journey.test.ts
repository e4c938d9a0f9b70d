// The central journey over the API: onboarding, unique billing email, employees, cards, QR, public page, scans.
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { messages } from '../../shared/messages';
import { addEmployee, api, createOwnerWithBusiness, createUser, origin, tables, validBusinessForm, scanCard } from '../support/runtime';

describe('business onboarding', () => {
  it('creates the business, makes the caller its owner and resolves /api/me to it', async () => {
    const owner = await createUser();
    const form = validBusinessForm({ industry: '', billingAddress: '  ' });
    const res = await api('POST', '/api/businesses', { user: owner, body: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Test Co', billingEmail: form.billingEmail, industry: null, billingAddress: null, ownerId: owner.sub });
    expect(res.body).not.toHaveProperty('pk');

    const me = await api('POST', '/api/me', { user: owner, body: {} });
    expect(me.body).toMatchObject({ role: 'owner', accountType: 'business', businessId: res.body.id, isAdmin: false });

    const db = await tables();
    const stored = await db.business.get({ businessId: res.body.id }).go();
    expect(stored.data).toMatchObject({ ownerId: owner.sub, employeeCount: 0 });
    expect(stored.data).not.toHaveProperty('industry');
    const guard = await db.billingEmailGuard.get({ billingEmail: form.billingEmail }).go();
    expect(guard.data?.businessId).toBe(res.body.id);
  });

  it('refuses a billing email another business uses, with the spec message, and stores nothing', async () => {
    const { business } = await createOwnerWithBusiness();
    const other = await createUser();
    const res = await api('POST', '/api/businesses', { user: other, body: validBusinessForm({ billingEmail: business.billingEmail.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'BILLING_EMAIL_TAKEN', message: messages.businessForm.emailTaken });
    const db = await tables();
    const memberships = await db.membership.query.primary({ userId: other.sub }).go();
    expect(memberships.data).toHaveLength(0);
  });

  it('answers each missing required field with the spec message', async () => {
    const owner = await createUser();
    const res = await api('POST', '/api/businesses', { user: owner, body: { name: ' ', billingEmail: 'nope', billingCity: '', billingCountry: '', billingPostalCode: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toEqual({
      name: 'Company name is required',
      billingEmail: 'Valid email is required',
      billingCity: 'City is required',
      billingCountry: 'Country is required',
      billingPostalCode: 'Postal code is required',
    });
  });

  it('refuses a second business for the same owner', async () => {
    const { owner } = await createOwnerWithBusiness();
    const res = await api('POST', '/api/businesses', { user: owner, body: validBusinessForm() });
    expect(res.status).toBe(409);
  });
});

describe('employees, cards and scans', () => {
  it('writes a regenerated QR code under a new URL and deletes the superseded images', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id);
    const before = { png: employee.card.qrCodeUrl, svg: (employee.card as { qrSvgUrl?: string }).qrSvgUrl! };
    expect(before.png).toMatch(new RegExp(`/media/qr/${business.id}/${employee.card.id}/[A-Za-z0-9_-]+\\.png$`));

    const res = await api('POST', `/api/businesses/${business.id}/cards/${employee.card.id}/qr`, { user: owner });
    expect(res.status).toBe(200);
    expect(res.body.qrCodeUrl).not.toBe(before.png);
    expect(res.body.qrSvgUrl).not.toBe(before.svg);
    const db = await tables();
    expect((await db.card.get({ cardId: employee.card.id }).go()).data).toMatchObject({ qrCodeUrl: res.body.qrCodeUrl, qrSvgUrl: res.body.qrSvgUrl });

    // The new URL serves the new image (stored immutable for a year); the old images are gone.
    const png = await fetch(res.body.qrCodeUrl);
    expect(png.status).toBe(200);
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${origin}/card/${employee.card.id}?s=qr`);
    expect((await fetch(res.body.qrSvgUrl)).status).toBe(200);
    for (const url of [before.png, before.svg]) expect((await fetch(url)).status).toBe(404);
    const { getMediaObject } = await import('../../functions/src/adapters/media');
    const mediaKey = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');
    expect((await getMediaObject(mediaKey(res.body.qrCodeUrl))).CacheControl).toBe('public, max-age=31536000, immutable');
    await expect(getMediaObject(mediaKey(before.png))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses a second employee with the same email (any case) in one business with 409 on the email field, even when both race', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const email = `twin-${Date.now()}@example.com`;
    const body = (address: string) => ({ name: 'Twin', email: address, status: 'active' });
    const [a, b] = await Promise.all([
      api('POST', `/api/businesses/${business.id}/employees`, { user: owner, body: body(email) }),
      api('POST', `/api/businesses/${business.id}/employees`, { user: owner, body: body(email.toUpperCase()) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', fieldErrors: { email: messages.employee.emailTaken } });

    const db = await tables();
    expect((await db.business.get({ businessId: business.id }).go()).data).toMatchObject({ employeeCount: 1, cardCount: 1, activeCardCount: 1 });
    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    expect(dashboard.body.employees).toHaveLength(1);
  });

  it('adds an employee with a card whose QR code decodes to the public card URL', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id, { status: 'active' });
    expect(employee.card.cardUrl).toBe(`${origin}/card/${employee.card.id}`);

    const png = await fetch(employee.card.qrCodeUrl);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(image.width).toBe(300);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    // The QR code carries the source marker, so its scans are told apart from shared links (issue 11 §2).
    expect(decoded?.data).toBe(`${origin}/card/${employee.card.id}?s=qr`);

    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.stats).toMatchObject({ totalEmployees: 1, cardsCreated: 1, activeCards: 1, monthlyCostCents: 199, currency: 'USD' });
    expect(dashboard.body.employees[0]).toMatchObject({ id: employee.id, status: 'active', card: { id: employee.card.id, isActive: true } });
  });

  it('gives a Draft or Inactive employee a card that is not active: not counted as active, and its public page is Card Not Found', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const draft = await addEmployee(owner, business.id, { status: 'draft' });
    const inactive = await addEmployee(owner, business.id, { status: 'inactive' });

    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    expect(dashboard.body.stats).toMatchObject({ totalEmployees: 2, cardsCreated: 2, activeCards: 0 });
    for (const employee of [draft, inactive]) {
      expect(dashboard.body.employees.find((e: { id: string }) => e.id === employee.id).card.isActive).toBe(false);
      const page = await fetch(`${origin}/card/${employee.card.id}`);
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain('Card Not Found');
      expect(html).toContain('This business card is not available');
    }

    const db = await tables();
    const stored = await db.business.get({ businessId: business.id }).go();
    expect(stored.data).toMatchObject({ employeeCount: 2, billableEmployeeCount: 1, cardCount: 2, activeCardCount: 0 });
    expect((await db.card.get({ cardId: draft.card.id }).go()).data?.isActive).toBe(false);
    // Visits of a card that is not shown are not scans.
    expect((await db.cardScanTotal.get({ cardId: draft.card.id }).go()).data?.scanCount).toBe(0);
  });

  it('bills active employees at the plan rate in the dashboard cost', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    await addEmployee(owner, business.id, { status: 'active' });
    await addEmployee(owner, business.id, { status: 'inactive' });
    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    // Seeded plans: 1-20 users at 199 cents → 2 billable employees.
    expect(dashboard.body.stats).toMatchObject({ totalEmployees: 2, monthlyCostCents: 398, ratePerUserCents: 199, currency: 'USD' });
  });

  it('serves the public card without JavaScript and counts each visit as a scan', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Scan & Co' });
    const employee = await addEmployee(owner, business.id, { name: 'Zoë <Script> Doe', jobTitle: 'CTO' });
    const page = await scanCard(employee.card.id);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Zoë &lt;Script&gt; Doe');
    expect(html).not.toContain('<Script>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Scan &amp; Co');
    expect(html).toContain(`/api/public/cards/${employee.card.id}/vcard`);
    await scanCard(employee.card.id, { device: 'desktop', via: 'qr' });

    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    expect(dashboard.body.employees[0].card.scanCount).toBe(2);
    const db = await tables();
    const day = new Date().toISOString().slice(0, 10);
    // Stored: the card's day counter only (issue 25 §2); the totals add it as an open day until the daily close.
    expect((await db.cardScanDay.get({ cardId: employee.card.id, day }).go()).data?.count).toBe(2);
    expect((await db.businessScanDay.get({ businessId: business.id, day }).go()).data).toBeNull();
    expect(dashboard.body.business.scanCount).toBe(2);
  });

  it("shows 'Card Not Found' for an unknown card and counts nothing", async () => {
    const res = await fetch(`${origin}/card/unknown-card-id-123`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Card Not Found');
    expect(html).toContain(messages.card.notFound);
  });

  it('counts 200 parallel visits as exactly 200 scans', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id);
    const statuses = await Promise.all(Array.from({ length: 200 }, () => scanCard(employee.card.id).then((r) => r.status)));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const db = await tables();
    const day = new Date().toISOString().slice(0, 10);
    expect((await db.cardScanDay.get({ cardId: employee.card.id, day }).go({ consistent: true })).data?.count).toBe(200);
    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    expect(dashboard.body.business.scanCount).toBe(200);
    expect(dashboard.body.employees[0].card.scanCount).toBe(200);
  });
});
