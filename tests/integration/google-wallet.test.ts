// Google Wallet on one machine (issue 22 §2): the API signs a save link for the local issuer; the stand-in's save page
// checks it as Google does and shows the pass; Add stores the object; then the card-sharing worker patches the saved
// object when the employee's profile, the company brand or the card's state changes — through the stand-in's OAuth
// token endpoint and Wallet API, as in AWS. A card whose pass was never saved gets no update and no error.
import { describe, expect, it } from 'vitest';
import { markedCardUrl } from '../../shared/scan-sources';
import { addEmployee, api, createOwnerWithBusiness, runtime, validBusinessForm } from '../support/runtime';

const env = runtime.env;
const standIn = new URL(env.GOOGLE_WALLET_SAVE_URL!).origin;

interface PassFields {
  header?: { defaultValue: { value: string } };
  cardTitle?: { defaultValue: { value: string } };
  state?: string;
  [field: string]: unknown;
}
interface Saved {
  object: PassFields;
  updates: { method: string; body: PassFields }[];
}

async function savedObject(id: string): Promise<{ status: number; body: Saved }> {
  const res = await fetch(`${standIn}/_local/objects/${encodeURIComponent(id)}`);
  return { status: res.status, body: (await res.json()) as Saved };
}

/** Polls the stand-in (up to 15 s) until the saved object satisfies `done`. */
async function objectUntil(id: string, done: (saved: Saved) => boolean): Promise<Saved> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { status, body } = await savedObject(id);
    if ((status === 200 && done(body)) || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const text = (value: string) => ({ defaultValue: { language: 'en-US', value } });
const objectIdOf = (saveUrl: string) => {
  const claims = JSON.parse(Buffer.from(saveUrl.split('/').pop()!.split('.')[1]!, 'base64url').toString());
  return claims.payload.genericObjects[0].id as string;
};

describe('Google Wallet on one machine', () => {
  it('saves a pass through the stand-in and keeps it current as the profile, the brand and the card change', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Wallet Works' });
    const employee = await addEmployee(owner, business.id, { name: 'Wanda Wallet', jobTitle: 'Pass Maker' });
    const never = await addEmployee(owner, business.id, { name: 'Nora Never' });

    const created = await api('POST', `/api/cards/${employee.card.id}/wallet-pass`, { user: owner });
    expect(created.status).toBe(200);
    const { saveUrl } = created.body as { saveUrl: string };
    expect(saveUrl.startsWith(env.GOOGLE_WALLET_SAVE_URL!)).toBe(true);

    // The save page shows the pass: company, name, title and the QR code's value (the card URL marked as Google Wallet).
    const shown = await fetch(saveUrl);
    expect(shown.status).toBe(200);
    const page = await shown.text();
    expect(page).toContain('<h1>Add to Google Wallet</h1>');
    for (const expected of ['Wallet Works', 'Wanda Wallet', 'Pass Maker', markedCardUrl(employee.card.cardUrl, 'googleWallet')]) expect(page).toContain(expected);
    const objectId = objectIdOf(saveUrl);
    expect((await savedObject(objectId)).status).toBe(404);

    // Cancel stores nothing; Add stores the object as the save link carries it.
    const cancelled = await fetch(saveUrl, { method: 'POST', body: new URLSearchParams({ decision: 'cancel' }) });
    expect(await cancelled.text()).toContain('Not saved');
    expect((await savedObject(objectId)).status).toBe(404);
    const added = await fetch(saveUrl, { method: 'POST', body: new URLSearchParams({ decision: 'add' }) });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('Saved to Google Wallet');
    const saved = await savedObject(objectId);
    expect(saved.status).toBe(200);
    expect(saved.body.object).toMatchObject({ header: text('Wanda Wallet'), subheader: text('Pass Maker'), cardTitle: text('Wallet Works'), state: 'ACTIVE' });

    // A card whose pass nobody saved: its change is not an update (the API answers 404, the reaction lets it be) —
    // and it does not hold up the changes after it.
    const renamedNever = await api('PUT', `/api/businesses/${business.id}/employees/${never.id}`, { user: owner, body: { name: 'Nora Renamed', email: never.email, role: 'employee', status: 'active' } });
    expect(renamedNever.status).toBe(200);

    const renamed = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
      user: owner,
      body: { name: 'Wanda Renamed', email: employee.email, jobTitle: 'Chief Pass Officer', role: 'employee', status: 'active' },
    });
    expect(renamed.status).toBe(200);
    const afterRename = await objectUntil(objectId, (s) => s.object.header?.defaultValue?.value === 'Wanda Renamed');
    expect(afterRename.object).toMatchObject({ header: text('Wanda Renamed'), subheader: text('Chief Pass Officer'), state: 'ACTIVE' });
    expect(afterRename.updates.at(-1)).toMatchObject({ method: 'PATCH', body: { header: text('Wanda Renamed'), subheader: text('Chief Pass Officer'), state: 'ACTIVE' } });

    const rebranded = await api('PUT', `/api/businesses/${business.id}`, { user: owner, body: { ...validBusinessForm({ name: 'Wallet Works Global' }), billingEmail: business.billingEmail, primaryColor: '#7C3AED' } });
    expect(rebranded.status).toBe(200);
    const afterBrand = await objectUntil(objectId, (s) => s.object.cardTitle?.defaultValue?.value === 'Wallet Works Global');
    expect(afterBrand.object).toMatchObject({ cardTitle: text('Wallet Works Global'), hexBackgroundColor: '#7C3AED', header: text('Wanda Renamed') });
    expect(afterBrand.updates.at(-1)!.body).toMatchObject({ cardTitle: text('Wallet Works Global'), hexBackgroundColor: '#7C3AED' });

    const deactivated = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
      user: owner,
      body: { name: 'Wanda Renamed', email: employee.email, jobTitle: 'Chief Pass Officer', role: 'employee', status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);
    const afterDeactivate = await objectUntil(objectId, (s) => s.object.state === 'INACTIVE');
    expect(afterDeactivate.object.state).toBe('INACTIVE');
    expect(afterDeactivate.updates.every((u) => u.method === 'PATCH')).toBe(true);

    // The never-saved card: still nothing stored at the stand-in.
    const neverId = objectId.replace(employee.card.id, never.card.id);
    expect((await savedObject(neverId)).status).toBe(404);
  });

  it('refuses a tampered save link with Google’s error page, and the Wallet API without an access token', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id, { name: 'Tess Tamper' });
    const { saveUrl } = (await api('POST', `/api/cards/${employee.card.id}/wallet-pass`, { user: owner })).body as { saveUrl: string };
    const [header, claims, signature] = saveUrl.split('/').pop()!.split('.');
    const forged = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    forged.payload.genericObjects[0].header.defaultValue.value = 'Someone Else';
    const tampered = `${env.GOOGLE_WALLET_SAVE_URL}${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const refused = await fetch(tampered);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("This pass can't be added");
    expect(html).toContain('signature does not verify');
    expect(html).not.toContain('Someone Else');
    // Add on a tampered link stores nothing either.
    expect((await fetch(tampered, { method: 'POST', body: new URLSearchParams({ decision: 'add' }) })).status).toBe(400);
    expect((await savedObject(objectIdOf(saveUrl))).status).toBe(404);

    const unauthenticated = await fetch(`${env.GOOGLE_WALLET_API_BASE}genericObject/${encodeURIComponent(objectIdOf(saveUrl))}`, { method: 'PATCH', body: '{}' });
    expect(unauthenticated.status).toBe(401);
  });
});
