import { describe, expect, it } from 'vitest';
import { agencyScansCsv, defaultClientCriteria, selectClients } from './agency-clients';
import type { AgencyClientSummary } from './schemas/agency';
import type { ClientScans } from './schemas/analytics';

function makeClient(overrides: Partial<AgencyClientSummary> & { id: string; name: string }): AgencyClientSummary {
  return { industry: null, logoUrl: null, isActive: true, employeeCount: 0, billableEmployeeCount: 0, revenueCents: 0, pricePerUserCents: null, listPricePerUserCents: 0, billedTo: 'agency', billingEmail: null, whiteLabel: 'agency', branded: false, ...overrides };
}

const clients = [
  makeClient({ id: 'c1', name: 'Bravo Bakery', employeeCount: 5, revenueCents: 1000 }),
  makeClient({ id: 'c2', name: 'alpha Agency Client', employeeCount: 50, revenueCents: 0, billedTo: 'direct', branded: true }),
  makeClient({ id: 'c3', name: 'Charlie Cafe', employeeCount: 20, revenueCents: 5000, isActive: false }),
];
const names = (list: AgencyClientSummary[]) => list.map((c) => c.name);

describe('selectClients', () => {
  it('keeps the dashboard’s order (newest first) by default, and sorts by name A–Z whatever the case', () => {
    expect(names(selectClients(clients, defaultClientCriteria))).toEqual(['Bravo Bakery', 'alpha Agency Client', 'Charlie Cafe']);
    expect(names(selectClients(clients, { ...defaultClientCriteria, sort: 'name' }))).toEqual(['alpha Agency Client', 'Bravo Bakery', 'Charlie Cafe']);
  });

  it('finds clients by part of their name, any case', () => {
    expect(names(selectClients(clients, { ...defaultClientCriteria, search: '  CAF ' }))).toEqual(['Charlie Cafe']);
    expect(selectClients(clients, { ...defaultClientCriteria, search: 'nobody' })).toEqual([]);
  });

  it('filters by status, by who pays and by branding, together', () => {
    expect(names(selectClients(clients, { ...defaultClientCriteria, status: 'inactive' }))).toEqual(['Charlie Cafe']);
    expect(names(selectClients(clients, { ...defaultClientCriteria, billedTo: 'direct' }))).toEqual(['alpha Agency Client']);
    expect(names(selectClients(clients, { ...defaultClientCriteria, branded: 'no', status: 'active' }))).toEqual(['Bravo Bakery']);
    expect(names(selectClients(clients, { ...defaultClientCriteria, branded: 'no' }))).toEqual(['Bravo Bakery', 'Charlie Cafe']);
  });

  it('sorts by users, revenue and scans, most first', () => {
    expect(names(selectClients(clients, { ...defaultClientCriteria, sort: 'users' }))).toEqual(['alpha Agency Client', 'Charlie Cafe', 'Bravo Bakery']);
    expect(names(selectClients(clients, { ...defaultClientCriteria, sort: 'revenue' }))).toEqual(['Charlie Cafe', 'Bravo Bakery', 'alpha Agency Client']);
    const scans = new Map([['c1', 7], ['c3', 9]]);
    expect(names(selectClients(clients, { ...defaultClientCriteria, sort: 'scans' }, (id) => scans.get(id) ?? 0))).toEqual(['Charlie Cafe', 'Bravo Bakery', 'alpha Agency Client']);
  });

  it('leaves the list it was given as it was', () => {
    const before = names(clients);
    selectClients(clients, { ...defaultClientCriteria, sort: 'users' });
    selectClients(clients, defaultClientCriteria).reverse();
    expect(names(clients)).toEqual(before);
  });
});

describe('agencyScansCsv', () => {
  const zeroSources = { qr: 0, link: 0, nfc: 0, appleWallet: 0, googleWallet: 0, signature: 0, background: 0, share: 0, text: 0, whatsapp: 0, email: 0, contact: 0, notRecorded: 0 };
  const row = (businessId: string, scans: number): ClientScans => ({ businessId, scans, bySource: { ...zeroSources, qr: scans }, byDevice: { phone: scans, tablet: 0, desktop: 0, notRecorded: 0 } });

  it('lists each client most scanned first, with its split, and keeps a formula-like name as text', () => {
    const csv = agencyScansCsv({ byClient: [row('b1', 2), row('b2', 5)] }, (id) => (id === 'b2' ? '=Evil, Inc' : 'Quiet'));
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Client,Client ID,Scans,QR code,Shared link,NFC tag,Apple Wallet,Google Wallet,Email signature,Video background,Share button,Text message,WhatsApp,Email,Saved contact,Source not recorded,Phone,Tablet,Desktop,Device not recorded');
    expect(lines[1]).toBe(`"'=Evil, Inc",b2,5,5,${'0,'.repeat(12)}5,0,0,0`);
    expect(lines[2]).toBe(`Quiet,b1,2,2,${'0,'.repeat(12)}2,0,0,0`);
    expect(lines).toHaveLength(3);
  });
});
