// Agency analytics over the API: scans per day across every client of the agency, by source, device and client, the
// same figures each client's own analytics shows, before and after the daily close; another agency's clients never
// count. Every answer is checked against the stored counters.
import { describe, expect, it } from 'vitest';
import { addClient, agencyWithSettings } from '../support/agencies';
import { addEmployee, api, scanCard, tables } from '../support/runtime';
import { closeThroughToday } from '../support/scan-close';

const today = () => new Date().toISOString().slice(0, 10);

describe('agency analytics', () => {
  it('sums every client’s scans per day, by source, device and client, and agrees with each client’s own analytics', async () => {
    const { user } = await agencyWithSettings();
    const busy = await addClient(user, 'Busy Client');
    const calm = await addClient(user, 'Calm Client');
    const quiet = await addClient(user, 'Quiet Client');
    const ana = await addEmployee(user, busy, { name: 'Ana Busy', status: 'active' });
    const ben = await addEmployee(user, calm, { name: 'Ben Calm', status: 'active' });
    await addEmployee(user, quiet, { name: 'Quinn Quiet', status: 'active' });
    // Busy: two QR scans on phones and a link on a desktop; Calm: one NFC scan on a tablet.
    for (let i = 0; i < 2; i++) expect((await scanCard(ana.card.id, { via: 'qr' })).status).toBe(200);
    expect((await scanCard(ana.card.id, { device: 'desktop' })).status).toBe(200);
    expect((await scanCard(ben.card.id, { via: 'nfc', device: 'tablet' })).status).toBe(200);
    // Another agency's client's scans never count for this agency.
    const other = await agencyWithSettings();
    const stranger = await addEmployee(other.user, await addClient(other.user, 'Stranger Client'), { name: 'Sam Stranger', status: 'active' });
    expect((await scanCard(stranger.card.id)).status).toBe(200);

    const res = await api('GET', '/api/agency/analytics?days=7', { user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      days: 7,
      totalInRange: 4,
      bySource: { qr: 2, link: 1, nfc: 1, notRecorded: 0 },
      byDevice: { phone: 2, tablet: 1, desktop: 1, notRecorded: 0 },
    });
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series.at(-1)).toEqual({ day: today(), scans: 4 });
    expect(res.body.series.slice(0, 6).every((d: { scans: number }) => d.scans === 0)).toBe(true);
    const byClient = Object.fromEntries(res.body.byClient.map((c: { businessId: string; scans: number }) => [c.businessId, c]));
    expect(Object.keys(byClient).sort()).toEqual([busy, calm, quiet].sort());
    expect(byClient[busy]).toMatchObject({ scans: 3, bySource: { qr: 2, link: 1 }, byDevice: { phone: 2, desktop: 1 } });
    expect(byClient[calm]).toMatchObject({ scans: 1, bySource: { nfc: 1 }, byDevice: { tablet: 1 } });
    expect(byClient[quiet]).toMatchObject({ scans: 0 });

    // Each client's own analytics counts the same.
    const own = await api('GET', `/api/businesses/${busy}/analytics?days=7`, { user });
    expect(own.body).toMatchObject({ totalInRange: 3, bySource: byClient[busy].bySource, byDevice: byClient[busy].byDevice });

    // Stored: the card-days; after the daily close the busy client's day is its day item, and the answer is the same.
    const db = await tables();
    expect((await db.cardScanDay.get({ cardId: ana.card.id, day: today() }).go()).data).toMatchObject({ count: 3, qrScans: 2, linkScans: 1 });
    await closeThroughToday(busy);
    expect((await db.businessScanDay.get({ businessId: busy, day: today() }).go()).data).toMatchObject({ count: 3, closedScans: 3 });
    expect((await api('GET', '/api/agency/analytics?days=7', { user })).body).toMatchObject({ totalInRange: 4, bySource: res.body.bySource, byDevice: res.body.byDevice, series: res.body.series });

    // The 30-day range lists every day and still agrees with the client's own figures.
    const longer = await api('GET', '/api/agency/analytics?days=30', { user });
    expect(longer.body.series).toHaveLength(30);
    expect(longer.body).toMatchObject({ days: 30, totalInRange: 4 });
    const ownLonger = await api('GET', `/api/businesses/${busy}/analytics?days=30`, { user });
    expect(longer.body.byClient.find((c: { businessId: string }) => c.businessId === busy).scans).toBe(ownLonger.body.totalInRange);
  });

  it('answers an agency without clients with zeros, and refuses a range it does not offer', async () => {
    const { user } = await agencyWithSettings();
    const res = await api('GET', '/api/agency/analytics', { user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 30, totalInRange: 0, byClient: [] });
    expect(res.body.series).toHaveLength(30);
    const bad = await api('GET', '/api/agency/analytics?days=365', { user });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Days must be 7, 30 or 90');
  });
});
