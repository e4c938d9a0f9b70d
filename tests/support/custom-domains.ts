// Custom domains in system tests: add one to an agency over the API and wait for the state the local CloudFront
// stand-in walks it to (a .localhost name: pending DNS → issuing certificate → active).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { api, type TestUser } from './runtime';

/** A fresh .localhost name, which the stand-in walks to active. */
export const localDomain = () => `cards-${randomBytes(4).toString('hex')}.agency.localhost`;

export async function addDomain(user: TestUser, agencyId: string, domain: string) {
  return api('POST', `/api/agencies/${agencyId}/domains`, { user, body: { domain } });
}

/** Reads the agency's domains until `domain` is in `state` (the API reads CloudFront at most every 2 s). */
export async function waitForState(user: TestUser, agencyId: string, domain: string, state: string, seen: string[] = []) {
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await api('GET', `/api/agencies/${agencyId}/domains`, { user });
    expect(res.status, res.text).toBe(200);
    const found = (res.body.domains as { domain: string; state: string }[]).find((d) => d.domain === domain)!;
    if (seen.at(-1) !== found.state) seen.push(found.state);
    if (found.state === state) return found as Record<string, unknown>;
    if (Date.now() > until) throw new Error(`${domain} still ${found.state}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The agency with a new .localhost domain, once it is active: the domain's name. */
export async function activeDomainOf(user: TestUser, agencyId: string): Promise<string> {
  const domain = localDomain();
  const added = await addDomain(user, agencyId, domain);
  expect(added.status, added.text).toBe(201);
  await waitForState(user, agencyId, domain, 'active');
  return domain;
}
