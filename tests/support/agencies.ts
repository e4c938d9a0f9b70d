// Agencies as a new agency user makes them, through the real API: sign-up's account type, Agency Settings, Add Client.
import { expect } from 'vitest';
import { api, createUser, type TestUser } from './runtime';

/** A new account that signed up as an agency (spec 1 §4: the pending account type becomes its profile's). */
export async function newAgencyAccount(): Promise<TestUser> {
  const user = await createUser();
  const me = await api('POST', '/api/me', { user, body: { pendingAccountType: 'agency' } });
  expect(me.body.accountType).toBe('agency');
  return user;
}

export const agencySettings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bright Agency',
  industry: 'Marketing',
  description: 'We make brands shine.',
  website: 'https://bright.example',
  phoneNumber: '+1 555 0199',
  email: 'hello@bright.example',
  billingAddress: '1 Market Street',
  billingCity: 'Portland',
  billingPostalCode: '97201',
  billingCountry: 'United States',
  primaryColor: '#7C3AED',
  secondaryColor: '#4C1D95',
  accentColor: '#F59E0B',
  ...overrides,
});

export async function agencyWithSettings(): Promise<{ user: TestUser; agencyId: string }> {
  const user = await newAgencyAccount();
  const saved = await api('PUT', '/api/agency', { user, body: agencySettings() });
  expect(saved.status).toBe(200);
  return { user, agencyId: saved.body.id as string };
}

export async function addClient(user: TestUser, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/api/agency/clients', { user, body: { name, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

