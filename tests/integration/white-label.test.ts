// White-label (issue 21 §1), the mail side: an agency that turns it on puts its brand on each client's business item,
// and every mail to the client's people comes from the agency's name, with replies to its support e-mail (the
// contact notification: to the contact), and names CardCrew nowhere. Turning it off brings CardCrew back; direct
// customers never see an agency's brand; a client another agency brands is left alone; a support e-mail is required.
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { addClient, agencySettings, agencyWithSettings } from '../support/agencies';
import { invite } from '../support/invitations';
import sharp from 'sharp';
import { mediaKeys, pngImage, sendUpload, uploadAgencyLogo } from '../support/uploads';
import { addEmployee, api, createOwnerWithBusiness, createUser, freshClientAddress, mailbox, origin, signIn, tables, uniqueEmail, type TestUser } from '../support/runtime';

const whiteLabel = { whiteLabel: true, whiteLabelName: 'Bright Studio', supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example' };

async function mailTo(address: string) {
  const mails = (await mailbox()).filter((m) => [m.to].flat().includes(address));
  expect(mails.length, `a mail to ${address}`).toBeGreaterThan(0);
  return mails[mails.length - 1]!;
}

const everywhere = (mail: Awaited<ReturnType<typeof mailTo>>) => [mail.from, mail.subject, mail.body.text ?? '', mail.body.html ?? ''].join('\n');

async function inviteToClient(user: TestUser, clientId: string) {
  const email = uniqueEmail('wl');
  const employee = await addEmployee(user, clientId, { status: 'draft', email, name: 'Wendy Label' });
  const sent = await api('POST', `/api/businesses/${clientId}/employees/${employee.id}/invitation`, { user });
  expect(sent.status, sent.text).toBe(200);
  return { email, employee };
}

describe('white-label mail for an agency’s clients', () => {
  it('sends a client’s invitation in the agency’s name with its support address and no CardCrew, and CardCrew again once turned off', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Labelled Bakery');
    const saved = await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject(whiteLabel);

    const db = await tables();
    const { data: branded } = await db.business.get({ businessId: clientId }).go({ consistent: true });
    expect(branded).toMatchObject({ whiteLabelAgencyId: agencyId, whiteLabelName: 'Bright Studio', whiteLabelSupportEmail: 'help@bright.example', whiteLabelSupportUrl: 'https://help.bright.example' });
    // The agency's colours for the client's chrome (its own stay on its cards).
    expect(branded).toMatchObject({ whiteLabelPrimaryColor: '#7C3AED', whiteLabelSecondaryColor: '#4C1D95', whiteLabelAccentColor: '#F59E0B' });

    const { email } = await inviteToClient(user, clientId);
    const mail = await mailTo(email);
    expect(mail.from).toBe('"Bright Studio" <no-reply@cardcrew.local>');
    expect(mail.replyTo).toEqual(['help@bright.example']);
    expect(mail.subject).toBe('Labelled Bakery invited you to your digital business card');
    expect(everywhere(mail)).not.toMatch(/cardcrew(?!\.local)/i);
    expect(mail.body.html).toContain('Join Labelled Bakery</h1>');
    expect(mail.body.html).toContain('mailto:help@bright.example');
    expect(mail.body.text).toContain('Bright Studio\nhelp@bright.example\nhttps://help.bright.example');

    // Off again: CardCrew's brand, and nothing of the agency's left on the business.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ ...whiteLabel, whiteLabel: false }) })).status).toBe(200);
    const { data: plain } = await db.business.get({ businessId: clientId }).go({ consistent: true });
    expect(plain?.whiteLabelAgencyId).toBeUndefined();
    expect(plain?.whiteLabelName).toBeUndefined();
    expect(plain?.whiteLabelPrimaryColor).toBeUndefined();
    const again = await mailTo((await inviteToClient(user, clientId)).email);
    expect(again.from).toBe('CardCrew <no-reply@cardcrew.local>');
    expect(again.replyTo).toEqual([]);
    expect(again.body.html).toContain('Join Labelled Bakery on CardCrew');
  });

  it('brands a client added while white-label is on, and uses the agency name when no display name is set', async () => {
    const { user } = await agencyWithSettings();
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ ...whiteLabel, whiteLabelName: '' }) })).status).toBe(200);
    const clientId = await addClient(user, 'Later Client');
    const { data } = await (await tables()).business.get({ businessId: clientId }).go({ consistent: true });
    expect(data?.whiteLabelName).toBe('Bright Agency');
    const mail = await mailTo((await inviteToClient(user, clientId)).email);
    expect(mail.from).toBe('"Bright Agency" <no-reply@cardcrew.local>');
  });

  it('mails a new contact in the agency’s name, with replies still going to the contact', async () => {
    const { user } = await agencyWithSettings();
    const clientId = await addClient(user, 'Contact Client');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    const employeeEmail = uniqueEmail('lead');
    const employee = await addEmployee(user, clientId, { status: 'active', email: employeeEmail, name: 'Lena Lead' });
    const form = new URLSearchParams({ name: 'Vera Visitor', email: 'vera@example.com', consent: 'yes' }).toString();
    const res = await api('POST', `/api/public/cards/${employee.card.id}/contact`, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, from: freshClientAddress() });
    expect(res.status).toBe(200);
    const mail = await mailTo(employeeEmail);
    expect(mail.from).toBe('"Bright Studio" <no-reply@cardcrew.local>');
    expect(mail.replyTo).toEqual(['vera@example.com']);
    expect(everywhere(mail)).not.toMatch(/cardcrew(?!\.local)/i);
  });

  it('keeps CardCrew for direct customers, and leaves a client another agency brands alone', async () => {
    const direct = await createOwnerWithBusiness({ name: 'Direct Co' });
    const directEmail = uniqueEmail('direct');
    const directEmployee = await addEmployee(direct.owner, direct.business.id, { status: 'draft', email: directEmail });
    await invite(direct, directEmployee.id, directEmail);
    expect((await mailTo(directEmail)).from).toBe('CardCrew <no-reply@cardcrew.local>');

    const first = await agencyWithSettings();
    const second = await agencyWithSettings();
    const clientId = await addClient(first.user, 'Shared Client');
    // The second agency manages the same client too (as an admin's link would make it).
    await (await tables()).agencyClient.create({ agencyId: second.agencyId, businessId: clientId }).go();
    expect((await api('PUT', '/api/agency', { user: first.user, body: agencySettings(whiteLabel) })).status).toBe(200);
    expect((await api('PUT', '/api/agency', { user: second.user, body: agencySettings({ ...whiteLabel, whiteLabelName: 'Second Studio' }) })).status).toBe(200);
    const { data } = await (await tables()).business.get({ businessId: clientId }).go({ consistent: true });
    expect(data).toMatchObject({ whiteLabelAgencyId: first.agencyId, whiteLabelName: 'Bright Studio' });
    // The second turning it off does not take the first one's brand away.
    expect((await api('PUT', '/api/agency', { user: second.user, body: agencySettings({ whiteLabel: false }) })).status).toBe(200);
    const { data: still } = await (await tables()).business.get({ businessId: clientId }).go({ consistent: true });
    expect(still?.whiteLabelAgencyId).toBe(first.agencyId);
  });

  it('bills a white-labelled client in its agency’s brand, and an agency itself in CardCrew’s', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Billed Client');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    const { billingPartyOf, billingRecipientOf } = await import('../../functions/src/invoices/payment-store');
    const brand = { agencyId, name: 'Bright Studio', supportEmail: 'help@bright.example' };
    // A client the agency created has no billing e-mail of its own, and its invoices are never the agency's to receive:
    // no address, in the agency's brand all the same (the payment page shows it).
    expect(await billingRecipientOf({ businessId: clientId })).toBeNull();
    expect(await billingPartyOf({ businessId: clientId })).toMatchObject({ to: null, brand });
    await (await tables()).business.patch({ businessId: clientId }).set({ billingEmail: 'accounts@billed-client.example' }).go();
    expect(await billingRecipientOf({ businessId: clientId })).toMatchObject({ to: 'accounts@billed-client.example', brand });
    expect(await billingRecipientOf({ businessId: agencyId, payerType: 'agency' })).toEqual({ to: 'hello@bright.example', brand: null, siteOrigin: origin });
  });

  it('tells a white-labelled client’s owner and employees their brand in /api/me, and nobody else', async () => {
    const { user: agencyUser } = await agencyWithSettings();
    const clientId = await addClient(agencyUser, 'Chrome Client');
    expect((await api('PUT', '/api/agency', { user: agencyUser, body: agencySettings(whiteLabel) })).status).toBe(200);
    const owner = await createUser();
    await (await tables()).membership.create({ userId: owner.sub, scopeType: 'business', scopeId: clientId, role: 'owner' }).go();
    const ownerMe = await api('POST', '/api/me', { user: owner, body: {} });
    expect(ownerMe.body).toMatchObject({ role: 'owner', businessId: clientId, brand: { name: 'Bright Studio', logoUrl: null, supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example', favicon: null } });
    // The agency itself, and a direct customer, keep CardCrew.
    expect((await api('POST', '/api/me', { user: agencyUser, body: {} })).body.brand).toBeNull();
    const direct = await createOwnerWithBusiness();
    expect((await api('POST', '/api/me', { user: direct.owner, body: {} })).body.brand).toBeNull();
    // Turned off: the owner sees CardCrew again.
    expect((await api('PUT', '/api/agency', { user: agencyUser, body: agencySettings({ whiteLabel: false }) })).status).toBe(200);
    expect((await api('POST', '/api/me', { user: owner, body: {} })).body.brand).toBeNull();
  });

  it('opens a white-labelled client’s invitation in the agency’s brand, and a direct customer’s in CardCrew’s', async () => {
    const { user } = await agencyWithSettings();
    const clientId = await addClient(user, 'Invited Client');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    const email = uniqueEmail('inv');
    const employee = await addEmployee(user, clientId, { status: 'draft', email });
    const token = await invite({ owner: user, business: { id: clientId } }, employee.id, email);
    const view = await api('GET', `/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.brand).toEqual({ name: 'Bright Studio', logoUrl: null, supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example', favicon: null, colors: { primaryColor: '#7C3AED', secondaryColor: '#4C1D95', accentColor: '#F59E0B' } });

    const direct = await createOwnerWithBusiness();
    const directEmail = uniqueEmail('inv-direct');
    const directEmployee = await addEmployee(direct.owner, direct.business.id, { status: 'draft', email: directEmail });
    const directToken = await invite(direct, directEmployee.id, directEmail);
    expect((await api('GET', `/api/invitations/${directToken}`)).body.brand).toBeNull();
  });

  it('requires a support e-mail to turn white-label on, and stores nothing then', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const res = await api('PUT', '/api/agency', { user, body: agencySettings({ whiteLabel: true, supportEmail: '' }) });
    expect(res.status).toBe(400);
    expect(res.text).toContain(messages.agency.supportEmailRequired);
    const { data } = await (await tables()).agency.get({ agencyId }).go({ consistent: true });
    expect(data?.whiteLabel).toBeFalsy();
  });
});

describe('white-label per client (the override in the agency’s client list)', () => {
  const setFor = (user: TestUser, clientId: string, whiteLabel: string) => api('PUT', `/api/businesses/${clientId}/white-label`, { user, body: { whiteLabel } });
  const businessOf = async (businessId: string) => (await (await tables()).business.get({ businessId }).go({ consistent: true })).data;
  const linkOf = async (agencyId: string, businessId: string) => (await (await tables()).agencyClient.get({ agencyId, businessId }).go({ consistent: true })).data;
  const dashboardClient = async (user: TestUser, clientId: string) => ((await api('GET', '/api/agency', { user })).body.clients as { id: string }[]).find((c) => c.id === clientId);

  it('keeps CardCrew for a client turned off while the agency’s switch is on, and survives the agency’s next save', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const offId = await addClient(user, 'Plain Bakery');
    const onId = await addClient(user, 'Branded Bakery');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    expect((await businessOf(offId))?.whiteLabelAgencyId).toBe(agencyId);

    const res = await setFor(user, offId, 'off');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ businessId: offId, agencyId, whiteLabel: 'off', branded: false });
    expect((await linkOf(agencyId, offId))?.whiteLabel).toBe('off');
    const plain = await businessOf(offId);
    expect(plain?.whiteLabelAgencyId).toBeUndefined();
    expect(plain?.whiteLabelName).toBeUndefined();
    // The agency saves its settings again (switch still on): the override holds, the other client stays branded.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ ...whiteLabel, whiteLabelName: 'Bright Again' }) })).status).toBe(200);
    expect((await businessOf(offId))?.whiteLabelAgencyId).toBeUndefined();
    expect(await businessOf(onId)).toMatchObject({ whiteLabelAgencyId: agencyId, whiteLabelName: 'Bright Again' });
    expect(await dashboardClient(user, offId)).toMatchObject({ whiteLabel: 'off', branded: false });
    expect(await dashboardClient(user, onId)).toMatchObject({ whiteLabel: 'agency', branded: true });

    const mail = await mailTo((await inviteToClient(user, offId)).email);
    expect(mail.from).toBe('CardCrew <no-reply@cardcrew.local>');
    expect(mail.replyTo).toEqual([]);
    expect(mail.body.html).toContain('Join Plain Bakery on CardCrew');

    // Back to the agency's switch: branded again.
    const back = await setFor(user, offId, 'agency');
    expect(back.body).toEqual({ businessId: offId, agencyId, whiteLabel: 'agency', branded: true });
    expect((await linkOf(agencyId, offId))?.whiteLabel).toBeUndefined();
    expect((await businessOf(offId))?.whiteLabelName).toBe('Bright Again');
  });

  it('brands a client turned on while the agency’s switch is off, and only that client', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const onId = await addClient(user, 'Chosen Bakery');
    const otherId = await addClient(user, 'Other Bakery');
    // The switch off, but a support e-mail and name kept for the clients turned on one by one.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ ...whiteLabel, whiteLabel: false }) })).status).toBe(200);
    const res = await setFor(user, onId, 'on');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ whiteLabel: 'on', branded: true });
    expect(await businessOf(onId)).toMatchObject({ whiteLabelAgencyId: agencyId, whiteLabelName: 'Bright Studio', whiteLabelSupportEmail: 'help@bright.example' });
    expect((await businessOf(otherId))?.whiteLabelAgencyId).toBeUndefined();
    // The agency's next save keeps it (its switch is still off).
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ ...whiteLabel, whiteLabel: false }) })).status).toBe(200);
    expect((await businessOf(onId))?.whiteLabelAgencyId).toBe(agencyId);

    const mail = await mailTo((await inviteToClient(user, onId)).email);
    expect(mail.from).toBe('"Bright Studio" <no-reply@cardcrew.local>');
    expect(mail.replyTo).toEqual(['help@bright.example']);
    expect(everywhere(mail)).not.toMatch(/cardcrew(?!\.local)/i);
  });

  it('refuses “on” without a support e-mail, and an unknown value, and changes nothing', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'No Support Bakery');
    const res = await setFor(user, clientId, 'on');
    expect(res.status).toBe(400);
    expect(res.text).toContain(messages.agency.clientWhiteLabelNeedsSupport);
    const bad = await setFor(user, clientId, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(messages.agency.clientWhiteLabelInvalid);
    expect((await linkOf(agencyId, clientId))?.whiteLabel).toBeUndefined();
    expect((await businessOf(clientId))?.whiteLabelAgencyId).toBeUndefined();
  });

  it('lets an admin turn a client off, and refuses another agency', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Admin Bakery');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    const other = await agencyWithSettings();
    expect((await setFor(other.user, clientId, 'off')).status).toBe(403);
    expect((await businessOf(clientId))?.whiteLabelAgencyId).toBe(agencyId);
    const admin = await signIn('admin@cardcrew.local', 'Admin1234!');
    const res = await setFor(admin, clientId, 'off');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ agencyId, whiteLabel: 'off', branded: false });
    expect((await businessOf(clientId))?.whiteLabelAgencyId).toBeUndefined();
  });
});

describe('the agency’s favicon', () => {
  const confirm = (user: TestUser, uploadId: string) => api('POST', `/api/agency/uploads/${uploadId}/confirm`, { user, body: {} });
  const pngSize = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    return { format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha };
  };

  it('derives 32, 180 and 512 px PNGs from the logo and carries them to the client, /api/me and the invitation', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Favicon Bakery');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    // A wide logo: the favicon keeps it whole inside the square.
    const wide = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#7C3AED' } }).png().toBuffer();
    const res = await confirm(user, await uploadAgencyLogo(user, wide));
    expect(res.status, res.text).toBe(200);
    const { data: agency } = await (await tables()).agency.get({ agencyId }).go({ consistent: true });
    expect(agency?.logoFaviconUrl).toMatch(new RegExp(`/logos/${agencyId}/[^/]+/favicon-512\\.png$`));
    expect(agency?.faviconUrl).toBeUndefined();
    const base = agency!.logoFaviconUrl!.slice(0, -'favicon-512.png'.length);
    expect(await pngSize(`${base}favicon-32.png`)).toEqual({ format: 'png', width: 32, height: 32, hasAlpha: true });
    expect(await pngSize(`${base}favicon-180.png`)).toEqual({ format: 'png', width: 180, height: 180, hasAlpha: false });
    expect(await pngSize(`${base}favicon-512.png`)).toEqual({ format: 'png', width: 512, height: 512, hasAlpha: true });

    const { data: business } = await (await tables()).business.get({ businessId: clientId }).go({ consistent: true });
    expect(business?.whiteLabelFaviconUrl).toBe(agency!.logoFaviconUrl);
    const favicon = { icon32: `${base}favicon-32.png`, appleTouch180: `${base}favicon-180.png`, icon512: `${base}favicon-512.png` };
    const owner = await createUser();
    await (await tables()).membership.create({ userId: owner.sub, scopeType: 'business', scopeId: clientId, role: 'owner' }).go();
    expect((await api('POST', '/api/me', { user: owner, body: {} })).body.brand.favicon).toEqual(favicon);
    const email = uniqueEmail('fav');
    const employee = await addEmployee(user, clientId, { status: 'draft', email });
    const token = await invite({ owner: user, business: { id: clientId } }, employee.id, email);
    expect((await api('GET', `/api/invitations/${token}`)).body.brand.favicon).toEqual(favicon);
    expect((await api('GET', '/api/agency', { user })).body.agency).toMatchObject({ faviconUrl: favicon.icon512, faviconUploaded: false });

    // A save that points the logo elsewhere drops the favicon derived from the old one.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ ...whiteLabel, logoUrl: '' }) })).status).toBe(200);
    expect((await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data?.logoFaviconUrl).toBeUndefined();
    expect((await (await tables()).business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelFaviconUrl).toBeUndefined();
    expect(await mediaKeys(`logos/${agencyId}/`)).toEqual([]);
  });

  it('takes the agency’s own square upload over the logo’s, replaces it cleanly, and is refused to a business', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Own Icon Bakery');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    expect((await confirm(user, await uploadAgencyLogo(user))).status).toBe(200);
    const first = await confirm(user, await uploadAgencyLogo(user, await pngImage(40, '#F59E0B'), 'favicon'));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ purpose: 'favicon' });
    expect(first.body.url).toMatch(new RegExp(`/favicons/${agencyId}/[^/]+/favicon-512\\.png$`));
    const firstKeys = await mediaKeys(`favicons/${agencyId}/`);
    expect(firstKeys.map((k) => k.split('/').pop()).sort()).toEqual(['favicon-180.png', 'favicon-32.png', 'favicon-512.png']);
    expect(await pngSize(first.body.url as string)).toMatchObject({ width: 512, height: 512 });
    expect((await (await tables()).business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelFaviconUrl).toBe(first.body.url);

    // A new logo keeps the agency's own favicon; a second favicon replaces the first, whose files are deleted.
    expect((await confirm(user, await uploadAgencyLogo(user))).status).toBe(200);
    expect((await (await tables()).business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelFaviconUrl).toBe(first.body.url);
    const second = await confirm(user, await uploadAgencyLogo(user, undefined, 'favicon'));
    expect(second.status).toBe(200);
    const secondKeys = await mediaKeys(`favicons/${agencyId}/`);
    expect(secondKeys).toHaveLength(3);
    expect(secondKeys.some((k) => firstKeys.includes(k))).toBe(false);
    expect((await api('GET', '/api/agency', { user })).body.agency).toMatchObject({ faviconUrl: second.body.url, faviconUploaded: true });

    const direct = await createOwnerWithBusiness();
    await expect(sendUpload(direct.owner, direct.business.id, 'favicon', await pngImage())).rejects.toThrow(/upload not started: 400/);
  });
});
