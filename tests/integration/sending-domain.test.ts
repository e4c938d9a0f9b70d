// An agency's own sending domain, through the real API and the SES identity stand-in (the real SDK): Add creates the
// SES domain identity and shows its three DKIM CNAME records; a .localhost domain verifies and then a white-labelled
// client's mail goes from no-reply@ it (read from the local mailbox), any other stays pending with the platform's
// address as sender; one per agency, one agency per domain; other agencies get 403 and change nothing; Remove deletes
// the identity and the platform's address is back.
import { randomBytes } from 'node:crypto';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { sendingDomainMessages } from '../../shared/messages/sending-domain';
import { addClient, agencySettings, agencyWithSettings } from '../support/agencies';
import { addEmployee, api, cognito, mailbox, runtime, tables, uniqueDomain, uniqueEmail, type TestUser } from '../support/runtime';
import { tableFingerprint } from '../support/table-fingerprint';

const localDomain = () => `mail-${randomBytes(4).toString('hex')}.agency.localhost`;
const whiteLabel = { whiteLabel: true, whiteLabelName: 'Bright Studio', supportEmail: 'help@bright.example' };
/** The identity stand-in, as the SDK sees it (the runtime's environment points the Lambdas at it too). */
const ses = new SESv2Client({ region: 'us-east-1', endpoint: runtime.env.SES_IDENTITIES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

const path = (agencyId: string) => `/api/agencies/${agencyId}/sending-domain`;

/** Reads the agency's sending domain until it is in `state` (the API reads SES at most every 2 s). */
async function waitForState(user: TestUser, agencyId: string, state: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await api('GET', path(agencyId), { user });
    expect(res.status, res.text).toBe(200);
    if (res.body.sendingDomain?.state === state) return res.body.sendingDomain as Record<string, unknown>;
    if (Date.now() > until) throw new Error(`still ${res.body.sendingDomain?.state}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Invites a new employee of `clientId` and returns the mail they received. */
async function invitationMailOf(user: TestUser, clientId: string) {
  const email = uniqueEmail('sender');
  const employee = await addEmployee(user, clientId, { status: 'draft', email, name: 'Sam Sender' });
  expect((await api('POST', `/api/businesses/${clientId}/employees/${employee.id}/invitation`, { user })).status).toBe(200);
  const mails = (await mailbox()).filter((m) => [m.to].flat().includes(email));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

async function whiteLabelledAgency() {
  const { user, agencyId } = await agencyWithSettings();
  const clientId = await addClient(user, 'Sender Bakery');
  expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
  return { user, agencyId, clientId };
}

describe('the agency’s sending domain', () => {
  it('shows the DKIM records, verifies a .localhost domain, and then the client’s mails go from it', async () => {
    const { user, agencyId, clientId } = await whiteLabelledAgency();
    expect((await api('GET', path(agencyId), { user })).body).toEqual({ sendingDomain: null });
    const domain = localDomain();

    const added = await api('POST', path(agencyId), { user, body: { domain } });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ domain, state: 'pending', reason: sendingDomainMessages.pending, fromAddress: `no-reply@${domain}` });
    const records = added.body.dnsRecords as { type: string; name: string; value: string }[];
    expect(records).toHaveLength(3);
    for (const r of records) {
      const token = r.name.split('.')[0]!;
      expect(r).toMatchObject({ type: 'CNAME', name: `${token}._domainkey.${domain}`, value: `${token}.dkim.amazonses.com` });
    }
    // SES has the identity with those tokens; the table has the domain and the agency points at it.
    const identity = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
    expect(identity.DkimAttributes?.Tokens).toEqual(records.map((r) => r.name.split('.')[0]));
    const db = await tables();
    expect((await db.sendingDomain.get({ domain }).go({ consistent: true })).data).toMatchObject({ domain, agencyId });
    expect((await db.agency.get({ agencyId }).go({ consistent: true })).data).toMatchObject({ sendingDomain: domain, sendingDomainVerified: false });

    // Until it is verified: the platform's address with the agency's name.
    expect((await invitationMailOf(user, clientId)).from).toBe('"Bright Studio" <no-reply@cardcrew.local>');

    const verified = await waitForState(user, agencyId, 'verified');
    expect(verified.reason).toBe(sendingDomainMessages.verified(`no-reply@${domain}`));
    expect((await db.agency.get({ agencyId }).go({ consistent: true })).data?.sendingDomainVerified).toBe(true);
    expect((await db.business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelSenderDomain).toBe(domain);
    const mail = await invitationMailOf(user, clientId);
    expect(mail.from).toBe(`"Bright Studio" <no-reply@${domain}>`);
    expect(mail.replyTo).toEqual(['help@bright.example']);
    // Cognito's own code mail goes the same way (the pool's custom email sender).
    const invited = [mail.to].flat()[0]!;
    await cognito.send(new SignUpCommand({ ClientId: runtime.ids.userPoolClientId, Username: invited, Password: 'Sender1234!', UserAttributes: [{ Name: 'email', Value: invited }] }));
    await expect.poll(async () => (await mailbox()).filter((m) => [m.to].flat().includes(invited)).length, { timeout: 15_000 }).toBe(2);
    const code = (await mailbox()).filter((m) => [m.to].flat().includes(invited))[1]!;
    expect(code.subject).toBe('Your Bright Studio verification code');
    expect(code.from).toBe(`"Bright Studio" <no-reply@${domain}>`);
    expect(code.replyTo).toEqual(['help@bright.example']);

    // A client added later gets the domain with the brand, and saving Agency Settings keeps it.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    const later = await addClient(user, 'Later Bakery');
    expect((await invitationMailOf(user, later)).from).toBe(`"Bright Studio" <no-reply@${domain}>`);

    // Remove: the identity is gone from SES, the items from the table, and mails go from the platform's address again.
    const removed = await api('DELETE', path(agencyId), { user });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ domain });
    await expect(ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }))).rejects.toMatchObject({ name: 'NotFoundException' });
    expect((await db.sendingDomain.get({ domain }).go({ consistent: true })).data).toBeNull();
    const agency = (await db.agency.get({ agencyId }).go({ consistent: true })).data;
    expect(agency?.sendingDomain).toBeUndefined();
    expect(agency?.sendingDomainVerified).toBeUndefined();
    expect((await db.business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelSenderDomain).toBeUndefined();
    expect((await invitationMailOf(user, clientId)).from).toBe('"Bright Studio" <no-reply@cardcrew.local>');
    expect((await api('GET', path(agencyId), { user })).body).toEqual({ sendingDomain: null });
    expect((await api('DELETE', path(agencyId), { user })).status).toBe(404);
  });

  it('keeps any other domain pending, with the platform’s address as the sender', async () => {
    const { user, agencyId, clientId } = await whiteLabelledAgency();
    const domain = uniqueDomain('mail');
    expect((await api('POST', path(agencyId), { user, body: { domain } })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2_500));
    const res = await api('GET', path(agencyId), { user });
    expect(res.body.sendingDomain).toMatchObject({ domain, state: 'pending', reason: sendingDomainMessages.pending });
    expect(res.body.sendingDomain.checkedAt).not.toBeNull();
    expect((await invitationMailOf(user, clientId)).from).toBe('"Bright Studio" <no-reply@cardcrew.local>');
    expect((await api('DELETE', path(agencyId), { user })).status).toBe(200);
  });

  it('allows one per agency and one agency per domain (409), and refuses a bad name with its reason (400)', async () => {
    const first = await agencyWithSettings();
    const second = await agencyWithSettings();
    const domain = uniqueDomain('mail');
    expect((await api('POST', path(first.agencyId), { user: first.user, body: { domain } })).status).toBe(201);

    const before = await tableFingerprint();
    const taken = await api('POST', path(second.agencyId), { user: second.user, body: { domain } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fieldErrors?.domain).toBe(sendingDomainMessages.taken);
    const another = await api('POST', path(first.agencyId), { user: first.user, body: { domain: uniqueDomain('mail') } });
    expect(another.status).toBe(409);
    expect(another.body.error.fieldErrors?.domain).toBe(sendingDomainMessages.onePerAgency);
    const upper = await api('POST', path(second.agencyId), { user: second.user, body: { domain: 'Mail.Example.com' } });
    expect(upper.status).toBe(400);
    expect(upper.body.error.fieldErrors?.domain).toBe('Use lower-case letters only');
    expect(await tableFingerprint()).toEqual(before);
    // SES never got the refused names.
    await expect(ses.send(new GetEmailIdentityCommand({ EmailIdentity: 'mail.example.com' }))).rejects.toMatchObject({ name: 'NotFoundException' });
  });

  it('lets no other agency read or remove it (403), and changes nothing', async () => {
    const owner = await agencyWithSettings();
    const other = await agencyWithSettings();
    const domain = uniqueDomain('mail');
    expect((await api('POST', path(owner.agencyId), { user: owner.user, body: { domain } })).status).toBe(201);
    const before = await tableFingerprint();
    expect((await api('GET', path(owner.agencyId), { user: other.user })).status).toBe(403);
    expect((await api('DELETE', path(owner.agencyId), { user: other.user })).status).toBe(403);
    expect((await api('POST', path(owner.agencyId), { user: other.user, body: { domain: uniqueDomain('mail') } })).status).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
    expect((await ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }))).IdentityType).toBe('DOMAIN');
    expect((await api('GET', path(owner.agencyId), { user: owner.user })).body.sendingDomain.domain).toBe(domain);
  });

  it('refuses a domain SES already has (another product’s, or the platform’s own) and leaves it alone', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const domain = uniqueDomain('mail');
    const { CreateEmailIdentityCommand } = await import('@aws-sdk/client-sesv2');
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }));
    const res = await api('POST', path(agencyId), { user, body: { domain } });
    expect(res.status).toBe(409);
    expect(res.body.error.fieldErrors?.domain).toBe(sendingDomainMessages.taken);
    const db = await tables();
    expect((await db.sendingDomain.get({ domain }).go({ consistent: true })).data).toBeNull();
    expect((await db.agency.get({ agencyId }).go({ consistent: true })).data?.sendingDomain).toBeUndefined();
    expect((await ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }))).IdentityType).toBe('DOMAIN');
  });
});
