// Apple Wallet updates on the local runtime (issue 22 §1): Apple's PassKit web service (register, list updated serial
// numbers, latest pass with Last-Modified / 304, unregister, log) and the card-sharing reaction that pushes a changed
// card's devices through APNs (the local stand-in verifies the ES256 provider token and records each push). A device
// then fetches the new pass; a deactivated card's pass comes back voided; an unregistered device is not pushed again,
// and a token APNs calls Unregistered loses its registration.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATCH_UP_MS, cardSharingCaughtUp } from '../support/link-previews';
import type { RecordedPush } from '../../functions/local/apns';
import { verifyPkpass } from '../support/pkpass';
import { localRootPem } from '../support/apple-wallet';
import { addEmployee, api, createOwnerWithBusiness, runtime, tables, type TestUser } from '../support/runtime';

const pushesFile = join(runtime.dataDir, 'apns', 'pushes.json');
const pushesTo = (token: string): RecordedPush[] => (existsSync(pushesFile) ? (JSON.parse(readFileSync(pushesFile, 'utf8')) as RecordedPush[]) : []).filter((p) => p.pushToken === token);

async function waitForPushes(token: string, count: number): Promise<RecordedPush[]> {
  const deadline = Date.now() + 15_000;
  while (pushesTo(token).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  return pushesTo(token);
}

let owner: TestUser;
let businessId: string;
let employee: Awaited<ReturnType<typeof addEmployee>>;
let passType: string;
let authToken: string;
const device1 = randomBytes(16).toString('hex');
const device2 = randomBytes(16).toString('hex');
const token1 = randomBytes(32).toString('hex');
const token2 = randomBytes(32).toString('hex');

const registrationPath = (device: string, serial = employee.card.id) => `/api/passkit/v1/devices/${device}/registrations/${passType}/${serial}`;
const applePass = (token = authToken) => ({ authorization: `ApplePass ${token}` });

async function downloadPass(): Promise<{ pass: ReturnType<typeof verifyPkpass>['pass'] }> {
  const link = await api('POST', `/api/cards/${employee.card.id}/apple-wallet-pass`, { user: owner, body: {} });
  return verifyPkpass(new Uint8Array(await (await fetch(link.body.downloadUrl)).arrayBuffer()), localRootPem());
}

async function latestPass(headers: Record<string, string> = {}) {
  const res = await fetch(`${runtime.origin}/api/passkit/v1/passes/${passType}/${employee.card.id}`, { headers: { ...applePass(), ...headers } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function editEmployee(changes: Record<string, unknown>) {
  const res = await api('PUT', `/api/businesses/${businessId}/employees/${employee.id}`, {
    user: owner,
    body: { name: 'Upda Ted', email: employee.email, jobTitle: 'Engineer', role: 'employee', status: 'active', ...changes },
  });
  expect(res.status, res.text).toBe(200);
}

// The card-sharing worker has caught up with earlier files' card changes before these tests time its pushes.
beforeAll(cardSharingCaughtUp, CATCH_UP_MS + 20_000);

beforeAll(async () => {
  ({ owner, business: { id: businessId } } = await createOwnerWithBusiness({ name: 'Update Co' }));
  employee = await addEmployee(owner, businessId, { name: 'Upda Ted', status: 'active' });
  const { pass } = await downloadPass();
  passType = String(pass.passTypeIdentifier);
  authToken = String(pass.authenticationToken);
});

describe('PassKit web service and update pushes', () => {
  it('registers a device with the pass’s token (201, then 200) and refuses a missing or wrong token (401)', async () => {
    expect((await api('POST', registrationPath(device1), { body: { pushToken: token1 } })).status).toBe(401);
    expect((await api('POST', registrationPath(device1), { body: { pushToken: token1 }, headers: applePass('x'.repeat(43)) })).status).toBe(401);
    // Another card's serial with this card's token: 401.
    const other = await addEmployee(owner, businessId);
    expect((await api('POST', registrationPath(device1, other.card.id), { body: { pushToken: token1 }, headers: applePass() })).status).toBe(401);
    expect((await api('POST', registrationPath(device1), { body: { pushToken: token1 }, headers: applePass() })).status).toBe(201);
    expect((await api('POST', registrationPath(device1), { body: { pushToken: token1 }, headers: applePass() })).status).toBe(200);
    expect((await api('POST', registrationPath(device2), { body: { pushToken: token2 }, headers: applePass() })).status).toBe(201);
    const { data } = await (await tables()).passRegistration.query.bySerial({ serialNumber: employee.card.id }).go();
    expect(data.map((r) => r.pushToken).sort()).toEqual([token1, token2].sort());
  });

  it('pushes the devices when the name changes; they list the card as updated and fetch the new pass, newer Last-Modified', async () => {
    const listed = await api('GET', `/api/passkit/v1/devices/${device1}/registrations/${passType}`);
    expect(listed.status).toBe(200);
    expect(listed.body.serialNumbers).toEqual([employee.card.id]);
    const tag = listed.body.lastUpdated as string;
    expect((await api('GET', `/api/passkit/v1/devices/${device1}/registrations/${passType}?passesUpdatedSince=${tag}`)).status).toBe(204);

    const before = await latestPass();
    expect(before.res.status).toBe(200);
    expect(before.res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const lastModified = before.res.headers.get('last-modified')!;
    expect(lastModified).toMatch(/GMT$/);
    expect((await latestPass({ 'if-modified-since': lastModified })).res.status).toBe(304);
    expect((await latestPass({ authorization: 'ApplePass wrong-token-000000000' })).res.status).toBe(401);

    const pushedBefore = pushesTo(token1).length;
    await new Promise((r) => setTimeout(r, 1100)); // Last-Modified has one-second resolution
    await editEmployee({ name: 'Ada Renamed' });
    const pushes = await waitForPushes(token1, pushedBefore + 1);
    expect(pushes.at(-1)).toMatchObject({ pushToken: token1, topic: passType, payload: '{}', status: 200 });
    expect((await waitForPushes(token2, 1)).at(-1)).toMatchObject({ status: 200 });

    const updated = await api('GET', `/api/passkit/v1/devices/${device1}/registrations/${passType}?passesUpdatedSince=${tag}`);
    expect(updated.status).toBe(200);
    expect(updated.body.serialNumbers).toEqual([employee.card.id]);
    expect(Number(updated.body.lastUpdated)).toBeGreaterThan(Number(tag));

    const after = await latestPass({ 'if-modified-since': lastModified });
    expect(after.res.status).toBe(200);
    expect(Date.parse(after.res.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));
    const { pass } = verifyPkpass(after.bytes, localRootPem());
    expect(pass.generic!.primaryFields![0]!.value).toBe('Ada Renamed');
    expect(pass.voided).toBeUndefined();
  });

  it('voids the pass of a deactivated card, pushed like any change', async () => {
    const pushedBefore = pushesTo(token1).length;
    await editEmployee({ name: 'Ada Renamed', status: 'inactive' });
    await waitForPushes(token1, pushedBefore + 1);
    const { res, bytes } = await latestPass();
    expect(res.status).toBe(200);
    expect(verifyPkpass(bytes, localRootPem()).pass.voided).toBe(true);
  });

  it('does not push an unregistered device again, and drops a registration APNs calls Unregistered', async () => {
    expect((await api('DELETE', registrationPath(device1), { headers: applePass('nope-nope-nope-nope') })).status).toBe(401);
    expect((await api('DELETE', registrationPath(device1), { headers: applePass() })).status).toBe(200);
    const pushed1 = pushesTo(token1).length;
    const pushed2 = pushesTo(token2).length;
    // Device 2's token is gone from APNs' point of view.
    writeFileSync(join(runtime.dataDir, 'apns', 'unregistered.json'), JSON.stringify([token2]));
    await editEmployee({ name: 'Ada Again', status: 'active' });
    expect((await waitForPushes(token2, pushed2 + 1)).at(-1)).toMatchObject({ status: 410 });
    expect(pushesTo(token1)).toHaveLength(pushed1);
    const deadline = Date.now() + 15_000;
    let left: unknown[] = [1];
    while (left.length && Date.now() < deadline) {
      left = (await (await tables()).passRegistration.query.bySerial({ serialNumber: employee.card.id }).go()).data;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(left).toEqual([]);
    expect((await api('GET', `/api/passkit/v1/devices/${device1}/registrations/${passType}`)).status).toBe(204);
  });

  it('takes Wallet’s logs and refuses a pass type it never issued', async () => {
    expect((await api('POST', '/api/passkit/v1/log', { body: { logs: ['[2026-11-25] Web service error for pass.example.cardcrew.local'] } })).status).toBe(200);
    expect((await api('POST', '/api/passkit/v1/log', { body: { logs: Array.from({ length: 51 }, () => 'x') } })).status).toBe(400);
    expect((await api('GET', `/api/passkit/v1/passes/pass.other.type/${employee.card.id}`, { headers: applePass() })).status).toBe(404);
  });
});
