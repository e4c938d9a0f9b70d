// Contact exchange (issue 11 §3) over HTTP, as a phone without JavaScript sends it: the card page's form, the
// server-rendered answers, the stored contact and the employee's mail; the honeypot, the per-viewer rate limit, length
// and shape limits, and markup that is only ever text; who may list and delete contacts; the cascades.
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { contactExchangeMessages } from '../../shared/messages/contact-exchange';
import { invite } from '../support/invitations';
import { cardSharingCaughtUp, CATCH_UP_MS, currentPreview } from '../support/link-previews';
import { addEmployee, api, createOwnerWithBusiness, createUser, freshClientAddress, mailbox, origin, tables, uniqueEmail } from '../support/runtime';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts the form as a browser does (urlencoded), from one viewer address. */
async function submit(cardId: string, body: string, from = freshClientAddress(), contentType = 'application/x-www-form-urlencoded') {
  return api('POST', `/api/public/cards/${cardId}/contact`, { body, headers: { 'content-type': contentType }, from });
}

async function businessWithLinkedEmployee() {
  const owned = await createOwnerWithBusiness({ name: 'Contact Co' });
  const email = uniqueEmail('casey');
  const employee = await addEmployee(owned.owner, owned.business.id, { status: 'draft', email, name: 'Casey Jones' });
  const token = await invite(owned, employee.id, email);
  const user = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user })).status).toBe(200);
  return { ...owned, employee, employeeEmail: email, employeeUser: user };
}

const valid = { name: 'Vera Visitor', email: 'vera@example.com', phone: '+1 555 0142', company: 'Initech', note: 'Met at the expo.\nCall me.', consent: 'yes' };


// The card-sharing worker has caught up with earlier files' card changes before these tests time it.
beforeAll(cardSharingCaughtUp, CATCH_UP_MS + 20_000);

describe('the form on the card page', () => {
  it('is a plain form naming who receives the details, with a hidden honeypot; the page stays small', async () => {
    const { employee } = await businessWithLinkedEmployee();
    const res = await fetch(`${origin}/card/${employee.card.id}`);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(html).toContain('Share your details with Casey');
    expect(html).toContain(`<form method="post" action="/api/public/cards/${employee.card.id}/contact">`);
    expect(html).toContain('I agree that Casey Jones of Contact Co receives these details to get back to me.');
    expect(html).toMatch(/<div class="hp" aria-hidden="true"><label>Website<input name="website" tabindex="-1"/);
    expect(html).not.toContain('<script');
    expect(gzipSync(html).byteLength).toBeLessThan(4 * 1024);
  });

  it('stores the contact, mails the employee and thanks the visitor, without changing the card', async () => {
    const { business, employee, employeeEmail } = await businessWithLinkedEmployee();
    const db = await tables();
    // Once the card-sharing worker has written the card's link preview, nothing else writes the card.
    await currentPreview(employee.card.id);
    const cardBefore = (await db.card.get({ cardId: employee.card.id }).go()).data;
    const res = await submit(employee.card.id, form(valid));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain(contactExchangeMessages.thanksTitle);
    expect(res.text).toContain('Your details have been sent to Casey.');

    const { data: contacts } = await db.contact.query.byEmployee({ employeeId: employee.id }).go();
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ businessId: business.id, cardId: employee.card.id, employeeName: 'Casey Jones', name: 'Vera Visitor', email: 'vera@example.com', phone: '+1 555 0142', company: 'Initech', note: 'Met at the expo.\nCall me.' });
    expect((await db.card.get({ cardId: employee.card.id }).go()).data).toEqual(cardBefore);

    const mail = (await mailbox()).filter((m) => [m.to].flat().includes(employeeEmail)).at(-1)!;
    expect(mail.subject).toBe('Vera Visitor shared their details with you');
    expect(mail.body.text).toContain('Company: Initech');
    expect(mail.body.text).toContain(`${origin}/employee-portal`);
  });

  it('answers missing consent and a bad e-mail with what to correct (400), storing nothing', async () => {
    const { employee } = await businessWithLinkedEmployee();
    const res = await submit(employee.card.id, form({ name: 'Vera', email: 'not-an-email' }));
    expect(res.status).toBe(400);
    expect(res.text).toContain(contactExchangeMessages.problemTitle);
    expect(res.text).toContain(contactExchangeMessages.emailInvalid);
    expect(res.text).toContain(contactExchangeMessages.consentRequired);
    expect(res.text).toContain(`href="/card/${employee.card.id}"`);
    const db = await tables();
    expect((await db.contact.query.byEmployee({ employeeId: employee.id }).go()).data).toEqual([]);
  });

  it('refuses what a browser form never sends: JSON, a repeated or unknown field, more than 16 KB (400), storing nothing', async () => {
    const { employee } = await businessWithLinkedEmployee();
    expect((await submit(employee.card.id, JSON.stringify(valid), freshClientAddress(), 'application/json')).status).toBe(400);
    expect((await submit(employee.card.id, `${form(valid)}&email=other%40example.com`)).status).toBe(400);
    expect((await submit(employee.card.id, `${form(valid)}&isAdmin=true`)).status).toBe(400);
    expect((await submit(employee.card.id, form({ ...valid, note: 'x'.repeat(17 * 1024) }))).status).toBe(400);
    expect((await submit(employee.card.id, form({ ...valid, name: 'Vera\u0000' }))).status).toBe(400);
    const db = await tables();
    expect((await db.contact.query.byEmployee({ employeeId: employee.id }).go()).data).toEqual([]);
  });

  it('keeps markup as text: stored as typed, escaped in the mail, never echoed into a page', async () => {
    const { employee, employeeEmail } = await businessWithLinkedEmployee();
    const res = await submit(employee.card.id, form({ ...valid, name: '<img src=x onerror=alert(1)>', company: '"><script>alert(1)</script>' }));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).not.toContain('<script>');
    const db = await tables();
    expect((await db.contact.query.byEmployee({ employeeId: employee.id }).go()).data[0]).toMatchObject({ name: '<img src=x onerror=alert(1)>' });
    const mail = (await mailbox()).filter((m) => [m.to].flat().includes(employeeEmail)).at(-1)!;
    expect(mail.body.html).not.toContain('<img src=x');
    expect(mail.body.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('thanks a bot that fills the honeypot and stores nothing, mails nothing', async () => {
    const { employee, employeeEmail } = await businessWithLinkedEmployee();
    const mailsBefore = (await mailbox()).filter((m) => [m.to].flat().includes(employeeEmail)).length;
    const res = await submit(employee.card.id, form({ ...valid, website: 'https://spam.example' }));
    expect(res.status).toBe(200);
    expect(res.text).toContain(contactExchangeMessages.thanksTitle);
    const db = await tables();
    expect((await db.contact.query.byEmployee({ employeeId: employee.id }).go()).data).toEqual([]);
    expect((await mailbox()).filter((m) => [m.to].flat().includes(employeeEmail)).length).toBe(mailsBefore);
  });

  it('limits each viewer address to 10 an hour (429 page), and refuses an inactive card (404)', async () => {
    const { owner, business, employee } = await businessWithLinkedEmployee();
    const from = freshClientAddress();
    for (let i = 0; i < 10; i++) expect((await submit(employee.card.id, form({ ...valid, email: `v${i}@example.com` }), from)).status).toBe(200);
    const limited = await submit(employee.card.id, form(valid), from);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(messages.generic.rateLimited);
    const db = await tables();
    expect((await db.contact.query.byEmployee({ employeeId: employee.id }).go()).data).toHaveLength(10);

    const off = await addEmployee(owner, business.id, { status: 'inactive' });
    const res = await submit(off.card.id, form(valid));
    expect(res.status).toBe(404);
    expect(res.text).toContain(messages.card.notFoundTitle);
  });
});

describe('contact lists', () => {
  it('shows the employee their own, the owner all (or one employee’s), nobody outside the business; delete by either; gone with the employee', async () => {
    const { owner, business, employee, employeeUser } = await businessWithLinkedEmployee();
    const other = await addEmployee(owner, business.id, { status: 'active', name: 'Otto Other' });
    await submit(employee.card.id, form(valid));
    await submit(other.card.id, form({ ...valid, name: 'Walter Walk-in' }));

    const mine = await api('GET', '/api/me/contacts', { user: employeeUser });
    expect(mine.body.map((c: { name: string }) => c.name)).toEqual(['Vera Visitor']);
    const all = await api('GET', `/api/businesses/${business.id}/contacts`, { user: owner });
    expect(all.body.map((c: { name: string }) => c.name).sort()).toEqual(['Vera Visitor', 'Walter Walk-in']);
    const ottos = await api('GET', `/api/businesses/${business.id}/contacts?employeeId=${other.id}`, { user: owner });
    expect(ottos.body).toMatchObject([{ name: 'Walter Walk-in', employeeName: 'Otto Other' }]);
    const stranger = await createOwnerWithBusiness();
    expect((await api('GET', `/api/businesses/${business.id}/contacts`, { user: stranger.owner })).status).toBe(403);

    // The employee may delete their own contact, not Otto's.
    const ottoContact = ottos.body[0].id as string;
    expect((await api('DELETE', `/api/businesses/${business.id}/contacts/${ottoContact}`, { user: employeeUser })).status).toBe(403);
    expect((await api('DELETE', `/api/businesses/${business.id}/contacts/${mine.body[0].id}`, { user: employeeUser })).status).toBe(204);
    const db = await tables();
    expect((await db.contact.get({ contactId: mine.body[0].id }).go()).data).toBeNull();

    // Otto leaves (issue 23 §2): his contacts go to the owner, noted as from his card, and stay when he is deleted.
    expect((await api('PUT', `/api/businesses/${business.id}/employees/${other.id}`, { user: owner, body: { name: 'Otto Other', email: uniqueEmail('otto'), role: 'employee', status: 'inactive' } })).status).toBe(200);
    const moved = (await db.contact.get({ contactId: ottoContact }).go()).data!;
    expect(moved).toMatchObject({ reassignedFrom: 'Otto Other' });
    expect(moved.employeeId).not.toBe(other.id);
    expect((await api('DELETE', `/api/businesses/${business.id}/employees/${other.id}`, { user: owner })).status).toBe(204);
    expect((await db.contact.get({ contactId: ottoContact }).go()).data).toMatchObject({ employeeId: moved.employeeId });
  });
});
