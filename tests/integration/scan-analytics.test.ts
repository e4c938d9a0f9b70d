// Scan analytics (issue 11 §2, issue 22 §7): each person's visit is counted with its source (the ?s= mark of the
// channel: QR, NFC, wallets, signature, background; else a link) and device class, bots and prefetches are not; the
// owner reads scans over time, by source, by device and the top cards; the employee reads the same for their own card.
// Every answer is checked against the stored counters.
import { beforeAll, describe, expect, it } from 'vitest';
import vCard from 'vcf';
import { invite } from '../support/invitations';
import { closedNames, closeThroughToday } from '../support/scan-close';
import { cardSharingCaughtUp, CATCH_UP_MS, currentPreview } from '../support/link-previews';
import { addEmployee, api, createOwnerWithBusiness, createUser, origin, scanCard, tables, uniqueEmail } from '../support/runtime';

const today = () => new Date().toISOString().slice(0, 10);


// The card-sharing worker has caught up with earlier files' card changes before these tests time it.
beforeAll(cardSharingCaughtUp, CATCH_UP_MS + 20_000);

describe('scan analytics', () => {
  it('counts people by source and device, never bots or prefetches, and answers the owner and the employee', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Analytics & Co' });
    const email = uniqueEmail('ana');
    const ana = await addEmployee(owner.owner, owner.business.id, { name: 'Ana Top', email, status: 'active' });
    const ben = await addEmployee(owner.owner, owner.business.id, { name: 'Ben Second', status: 'active' });
    const quiet = await addEmployee(owner.owner, owner.business.id, { name: 'Quiet Card', status: 'active' });

    // Ana: three QR scans from phones and a shared link opened on a desktop; Ben: one link on a tablet.
    for (let i = 0; i < 3; i++) expect((await scanCard(ana.card.id, { via: 'qr' })).status).toBe(200);
    expect((await scanCard(ana.card.id, { device: 'desktop' })).status).toBe(200);
    expect((await scanCard(ben.card.id, { device: 'tablet' })).status).toBe(200);
    // Not people: a crawler, a link preview, a script without a User-Agent, a prefetch. Each still gets the page.
    for (const headers of [{ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, { 'user-agent': 'WhatsApp/2.23.20.0' }, { 'user-agent': '' }]) {
      const res = await fetch(`${origin}/card/${quiet.card.id}?s=qr`, { headers });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Quiet Card');
    }
    const prefetch = await fetch(`${origin}/card/${quiet.card.id}`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148', 'sec-purpose': 'prefetch' } });
    expect(prefetch.status).toBe(200);

    // The marker never changes what the page shows (once the worker has named its link preview: both read the same item).
    await currentPreview(ben.card.id);
    const [plain, marked] = await Promise.all([scanCard(ben.card.id, { device: 'desktop' }).then((r) => r.text()), scanCard(ben.card.id, { device: 'desktop', via: 'qr' }).then((r) => r.text())]);
    expect(marked).toBe(plain);

    const res = await api('GET', `/api/businesses/${owner.business.id}/analytics?days=7`, { user: owner.owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      businessId: owner.business.id,
      days: 7,
      totalInRange: 7,
      allTime: 7,
      bySource: { qr: 4, link: 3, nfc: 0, appleWallet: 0, googleWallet: 0, signature: 0, background: 0, share: 0, text: 0, whatsapp: 0, email: 0, contact: 0, notRecorded: 0 },
      byDevice: { phone: 3, tablet: 1, desktop: 3, notRecorded: 0 },
      topCards: [
        { cardId: ana.card.id, employeeId: ana.id, name: 'Ana Top', scans: 4 },
        { cardId: ben.card.id, employeeId: ben.id, name: 'Ben Second', scans: 3 },
      ],
    });
    expect(res.body.series.at(-1)).toEqual({ day: today(), scans: 7 });

    const db = await tables();
    expect((await db.cardScanDay.get({ cardId: ana.card.id, day: today() }).go()).data).toMatchObject({ count: 4, qrScans: 3, linkScans: 1, phoneScans: 3, desktopScans: 1 });
    // The day is open (issue 25 §2): no business day yet. Closed, it is stored with its split and the owner sees the same.
    expect((await db.businessScanDay.get({ businessId: owner.business.id, day: today() }).go()).data).toBeNull();
    await closeThroughToday(owner.business.id);
    expect((await db.businessScanDay.get({ businessId: owner.business.id, day: today() }).go()).data).toMatchObject({ count: 7, qrScans: 4, linkScans: 3, phoneScans: 3, tabletScans: 1, desktopScans: 3, closedScans: 7 });
    expect((await api('GET', `/api/businesses/${owner.business.id}/analytics?days=7`, { user: owner.owner })).body).toEqual(res.body);
    expect((await db.cardScanTotal.get({ cardId: quiet.card.id }).go()).data?.scanCount).toBe(0);
    expect((await db.cardScanDay.get({ cardId: quiet.card.id, day: today() }).go()).data).toBeNull();

    // The employee sees their own card's numbers once they have joined through their invitation.
    const token = await invite(owner, ana.id, email);
    const user = await createUser({ email });
    expect((await api('POST', `/api/invitations/${token}/accept`, { user })).status).toBe(200);
    const mine = await api('GET', '/api/me/analytics?days=30', { user });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ cardId: ana.card.id, days: 30, totalInRange: 4, allTime: 4, bySource: { qr: 3, link: 1, notRecorded: 0 }, byDevice: { phone: 3, tablet: 0, desktop: 1, notRecorded: 0 } });
    expect(mine.body.series).toHaveLength(30);
    expect(mine.body).not.toHaveProperty('topCards');
  });

  it('counts each channel’s mark as its own source on the card’s and the business’s totals and days, and unknown marks as links', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Every Channel Ltd' });
    const email = uniqueEmail('sam');
    const sam = await addEmployee(owner.owner, owner.business.id, { name: 'Sam Sources', email, status: 'active' });
    const tom = await addEmployee(owner.owner, owner.business.id, { name: 'Tom Tag', status: 'active' });

    // The mark never changes what the page shows (a crawler's visits, so nothing is counted here), once the worker has
    // named the card's link preview.
    await currentPreview(sam.card.id);
    const crawler = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
    const [plain, marked] = await Promise.all([fetch(`${origin}/card/${sam.card.id}`, { headers: crawler }), fetch(`${origin}/card/${sam.card.id}?s=vb`, { headers: crawler })]);
    expect(await marked.text()).toBe(await plain.text());

    const visits: Parameters<typeof scanCard>[1][] = [
      { via: 'qr' },
      { via: 'nfc' },
      { via: 'nfc' },
      { via: 'appleWallet', device: 'tablet' },
      { via: 'googleWallet' },
      { via: 'signature', device: 'desktop' },
      { via: 'background', device: 'desktop' },
      { via: 'share' },
      { via: 'text' },
      { via: 'whatsapp' },
      { via: 'email', device: 'desktop' },
      { via: 'contact' },
      { device: 'desktop' },
      // Unknown, differently cased and empty marks are links.
      { mark: 'x', device: 'desktop' },
      { mark: 'N' },
      { mark: '' },
    ];
    for (const visit of visits) expect((await scanCard(sam.card.id, visit)).status).toBe(200);
    expect((await scanCard(tom.card.id, { via: 'nfc' })).status).toBe(200);

    const samSources = {
      qrScans: 1,
      linkScans: 4,
      nfcScans: 2,
      appleWalletScans: 1,
      googleWalletScans: 1,
      signatureScans: 1,
      backgroundScans: 1,
      shareScans: 1,
      textScans: 1,
      whatsappScans: 1,
      emailScans: 1,
      contactScans: 1,
    };
    const businessSources = { ...samSources, nfcScans: 3 };
    const db = await tables();
    expect((await db.cardScanDay.get({ cardId: sam.card.id, day: today() }).go({ consistent: true })).data).toMatchObject({
      count: 16,
      ...samSources,
      phoneScans: 10,
      tabletScans: 1,
      desktopScans: 5,
    });

    const res = await api('GET', `/api/businesses/${owner.business.id}/analytics?days=7`, { user: owner.owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalInRange: 17,
      allTime: 17,
      bySource: { qr: 1, link: 4, nfc: 3, appleWallet: 1, googleWallet: 1, signature: 1, background: 1, share: 1, text: 1, whatsapp: 1, email: 1, contact: 1, notRecorded: 0 },
      byDevice: { phone: 11, tablet: 1, desktop: 5, notRecorded: 0 },
    });
    // Closed (issue 25 §2): each source on the card's and the business's closed totals, and on the business's day.
    await closeThroughToday(owner.business.id);
    expect((await db.cardScanTotal.get({ cardId: sam.card.id }).go({ consistent: true })).data).toMatchObject({ closedThrough: today(), ...closedNames({ count: 16, ...samSources }) });
    expect((await db.cardScanTotal.get({ cardId: tom.card.id }).go({ consistent: true })).data).toMatchObject({ closedThrough: today(), ...closedNames({ count: 1, nfcScans: 1 }) });
    expect((await db.businessScanDay.get({ businessId: owner.business.id, day: today() }).go({ consistent: true })).data).toMatchObject({ count: 17, ...businessSources, ...closedNames({ count: 17, ...businessSources }) });
    expect((await api('GET', `/api/businesses/${owner.business.id}/analytics?days=7`, { user: owner.owner })).body).toEqual(res.body);

    const token = await invite(owner, sam.id, email);
    const user = await createUser({ email });
    expect((await api('POST', `/api/invitations/${token}/accept`, { user })).status).toBe(200);
    const mine = await api('GET', '/api/me/analytics?days=7', { user });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      cardId: sam.card.id,
      totalInRange: 16,
      allTime: 16,
      bySource: { qr: 1, link: 4, nfc: 2, appleWallet: 1, googleWallet: 1, signature: 1, background: 1, share: 1, text: 1, whatsapp: 1, email: 1, contact: 1, notRecorded: 0 },
    });
  });

  it('marks the card URL of the saved contact, so a tap on it counts as one from a saved contact', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Vic Contact', status: 'active' });
    const res = await fetch(`${origin}/api/public/cards/${employee.card.id}/vcard`);
    expect(res.status).toBe(200);
    // vcf's Property keeps its parameters (TYPE=Card) as fields; its types do not name them.
    const urls = [vCard.parse(await res.text())[0]!.get('url')].flat() as unknown as { type?: string; valueOf(): string }[];
    const cardLink = urls.map((property) => ({ type: property.type, url: property.valueOf() })).find(({ type }) => String(type).toLowerCase() === 'card');
    expect(cardLink?.url).toBe(`${employee.card.cardUrl}?s=vc`);

    expect((await fetch(String(cardLink!.url), { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148' } })).status).toBe(200);
    const day = (await (await tables()).cardScanDay.get({ cardId: employee.card.id, day: today() }).go({ consistent: true })).data;
    expect(day).toMatchObject({ count: 1, contactScans: 1, phoneScans: 1 });
    expect(day?.linkScans ?? 0).toBe(0);
    const analytics = await api('GET', `/api/businesses/${owner.business.id}/analytics?days=7`, { user: owner.owner });
    expect(analytics.body).toMatchObject({ totalInRange: 1, bySource: { contact: 1, link: 0, notRecorded: 0 } });
  });

  it('reports scans counted before sources and devices were recorded as not recorded', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const db = await tables();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // A closed day of scans counted before issue 11: a count (and the running total), no split.
    await db.businessScanDay.upsert({ businessId: owner.business.id, day: yesterday }).add({ count: 5, closedScans: 5 }).go();
    await scanCard(employee.card.id, { via: 'qr' });

    const res = await api('GET', `/api/businesses/${owner.business.id}/analytics?days=7`, { user: owner.owner });
    expect(res.body).toMatchObject({ totalInRange: 6, allTime: 6, bySource: { qr: 1, link: 0, notRecorded: 5 }, byDevice: { phone: 1, tablet: 0, desktop: 0, notRecorded: 5 } });
    expect(res.body.series.slice(-2)).toEqual([
      { day: yesterday, scans: 5 },
      { day: today(), scans: 1 },
    ]);
  });

  it('lists no card of another business among the top cards, and refuses another owner', async () => {
    const a = await createOwnerWithBusiness();
    const b = await createOwnerWithBusiness();
    const employee = await addEmployee(b.owner, b.business.id, { status: 'active' });
    await scanCard(employee.card.id);
    const res = await api('GET', `/api/businesses/${a.business.id}/analytics?days=7`, { user: a.owner });
    expect(res.body).toMatchObject({ totalInRange: 0, topCards: [] });
    expect((await api('GET', `/api/businesses/${b.business.id}/analytics?days=7`, { user: a.owner })).status).toBe(403);
  });
});
