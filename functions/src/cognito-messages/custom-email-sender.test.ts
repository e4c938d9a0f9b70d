// The custom email sender: whose brand a person's Cognito mails carry, read from the table (memberships by `sub`, the
// invitations mailed to the address) and never from the browser's ClientMetadata; CardCrew's when in doubt or when the
// table cannot be read; the code decrypted as Cognito encrypted it (the AWS Encryption SDK under a KMS key, here the
// KMS stand-in's) and the mail sent from the brand's sender.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEncrypt } from '@aws-crypto/encrypt-node';
import { KmsKeyringNode } from '@aws-crypto/kms-keyring-node';
import { CommitmentPolicy } from '@aws-crypto/material-management-node';
import { KMS } from '@aws-sdk/client-kms';
import type { CustomEmailSenderTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKms, type LocalKms } from '../../local/kms';
import type { OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import type { PersonLookup } from './brand-of-person';
import { brandOfPerson } from './brand-of-person';
import { decryptCode, sendCognitoMail, type SenderParts } from './custom-email-sender';

const brand = (agencyId: string, name: string): ClientBrand => ({ agencyId, name, supportEmail: `support@${agencyId}.example`, supportUrl: null, logoUrl: null, colors: { primaryColor: '#7C3AED', secondaryColor: null, accentColor: null } });
const bright = brand('bright', 'Bright Agency');
const other = brand('other', 'Other Agency');

/** A table of businesses (their brand), memberships by user and open invitations by address. */
function fakeTable(data: { brands?: Record<string, ClientBrand | null>; scopes?: Record<string, { scopeType: 'business' | 'agency'; scopeId: string }[]>; invitations?: Record<string, string[]> }): PersonLookup & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    scopesOfUser: async (userId) => (reads.push(`scopes:${userId}`), data.scopes?.[userId] ?? []),
    businessesInvitingEmail: async (email) => (reads.push(`invitations:${email}`), data.invitations?.[email] ?? []),
    brandOfBusiness: async (id) => (reads.push(`business:${id}`), data.brands && id in data.brands ? data.brands[id] : undefined),
  };
}

const table = fakeTable({
  brands: { northwind: bright, bakery2: bright, acme: null, elsewhere: other },
  scopes: {
    'owner-northwind': [{ scopeType: 'business', scopeId: 'northwind' }],
    'owner-acme': [{ scopeType: 'business', scopeId: 'acme' }],
    'agency-owner': [{ scopeType: 'agency', scopeId: 'bright' }, { scopeType: 'business', scopeId: 'northwind' }],
    'two-clients': [{ scopeType: 'business', scopeId: 'northwind' }, { scopeType: 'business', scopeId: 'bakery2' }],
    'acme-and-northwind': [{ scopeType: 'business', scopeId: 'acme' }, { scopeType: 'business', scopeId: 'northwind' }],
  },
  invitations: { 'new@northwind.example': ['northwind'], 'new@acme.example': ['acme'], 'twice@example.com': ['northwind', 'elsewhere'], 'gone@example.com': ['deleted-business'] },
});

describe('brandOfPerson', () => {
  it('a white-labelled client’s owner (by membership) gets the agency’s brand', async () => {
    expect(await brandOfPerson({ userId: 'owner-northwind', email: 'owner@northwind.example' }, table)).toEqual(bright);
  });

  it('a new sign-up with an open invitation from a white-labelled client gets the agency’s brand', async () => {
    expect(await brandOfPerson({ userId: 'brand-new-sub', email: 'new@northwind.example' }, table)).toEqual(bright);
  });

  it('people of two clients of the same agency get that agency’s brand', async () => {
    expect(await brandOfPerson({ userId: 'two-clients' }, table)).toEqual(bright);
  });

  it.each([
    ['a direct customer’s owner', { userId: 'owner-acme', email: 'owner@acme.example' }],
    ['an invited employee of a direct customer', { userId: 'x', email: 'new@acme.example' }],
    ['an agency’s own people, even in a client', { userId: 'agency-owner' }],
    ['someone in a direct customer and a white-labelled client', { userId: 'acme-and-northwind' }],
    ['someone invited by clients of two agencies', { email: 'twice@example.com' }],
    ['someone whose invitation names a business that is gone', { email: 'gone@example.com' }],
    ['someone the table does not know', { userId: 'nobody', email: 'nobody@example.com' }],
    ['no user and no address', {}],
  ])('%s gets CardCrew’s', async (_, person) => {
    expect(await brandOfPerson(person, table)).toBeNull();
  });
});

function event(triggerSource: CustomEmailSenderTriggerEvent['triggerSource'], attributes: Record<string, string>, code: string, clientMetadata?: Record<string, string>): CustomEmailSenderTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'pool',
    userName: attributes.sub ?? 'user',
    triggerSource,
    callerContext: { awsSdkVersion: 'x', clientId: 'client' },
    request: { type: 'customEmailSenderRequestV1', code, userAttributes: attributes, ...(clientMetadata ? { clientMetadata } : {}) },
    response: {},
  } as CustomEmailSenderTriggerEvent;
}

/** The sender with a fake table and an outbox; the code arrives "encrypted" as `enc:<code>`. */
function sender(lookup: PersonLookup = table) {
  const outbox: OutgoingMail[] = [];
  const parts: SenderParts = { decrypt: async (encrypted) => encrypted.replace(/^enc:/, ''), lookup, send: async (mail) => void outbox.push(mail) };
  return { outbox, send: (e: CustomEmailSenderTriggerEvent) => sendCognitoMail(e, parts) };
}

describe('the custom email sender', () => {
  it.each(['CustomEmailSender_SignUp', 'CustomEmailSender_ResendCode', 'CustomEmailSender_ForgotPassword', 'CustomEmailSender_AdminCreateUser', 'CustomEmailSender_UpdateUserAttribute', 'CustomEmailSender_VerifyUserAttribute'] as const)(
    '%s: the code in the agency’s brand, from the agency’s name, replies to its support',
    async (source) => {
      const { outbox, send } = sender();
      await send(event(source, { sub: 'owner-northwind', email: 'owner@northwind.example' }, 'enc:493027'));
      expect(outbox).toHaveLength(1);
      const [mail] = outbox;
      expect(mail).toMatchObject({ to: ['owner@northwind.example'], fromName: 'Bright Agency', replyTo: ['support@bright.example'] });
      expect(mail!.subject).toContain('Bright Agency');
      expect(mail!.html).toContain('>493027</p>');
      expect(mail!.text).toContain(': 493027');
      expect(`${mail!.subject} ${mail!.html} ${mail!.text}`).not.toMatch(/cardcrew/i);
      if (source === 'CustomEmailSender_AdminCreateUser') expect(mail!.text).toContain('Your user name: owner-northwind');
    },
  );

  it('writes CardCrew’s mail, from the platform’s sender, for a direct customer’s person', async () => {
    const { outbox, send } = sender();
    await send(event('CustomEmailSender_ForgotPassword', { sub: 'owner-acme', email: 'owner@acme.example' }, 'enc:111222'));
    expect(outbox[0]!.subject).toBe('Reset your CardCrew password');
    expect(outbox[0]!.html).toContain('CardCrew · Digital business cards for your whole team');
    expect(outbox[0]!.fromName).toBeUndefined();
    expect(outbox[0]!.replyTo).toBeUndefined();
  });

  it('ignores what the browser sends in ClientMetadata', async () => {
    const { outbox, send } = sender();
    await send(event('CustomEmailSender_SignUp', { sub: 'new-sub', email: 'someone@example.com' }, 'enc:1', { invitation: 'token', businessId: 'northwind', brand: 'bright' }));
    expect(outbox[0]!.subject).toBe('Your CardCrew verification code');
  });

  it('reads by the user’s sub and the address the mail goes to', async () => {
    const reads = fakeTable({});
    await sender(reads).send(event('CustomEmailSender_SignUp', { sub: 'sub-1', email: 'Someone@Example.com ' }, 'enc:1'));
    expect(reads.reads).toEqual(['scopes:sub-1', 'invitations:Someone@Example.com']);
  });

  it('still sends CardCrew’s mail when the table cannot be read (the person is waiting for the code)', async () => {
    const broken: PersonLookup = { ...table, scopesOfUser: async () => Promise.reject(new Error('throttled')) };
    const { outbox, send } = sender(broken);
    await send(event('CustomEmailSender_SignUp', { sub: 'owner-northwind', email: 'owner@northwind.example' }, 'enc:424242'));
    expect(outbox[0]!.subject).toBe('Your CardCrew verification code');
    expect(outbox[0]!.html).toContain('>424242</p>');
  });

  it('sends nothing for a source it does not write (account-takeover notices are not configured)', async () => {
    const { outbox, send } = sender();
    await send(event('CustomEmailSender_AccountTakeOverNotification' as never, { sub: 'owner-northwind', email: 'owner@northwind.example' }, 'enc:1'));
    expect(outbox).toEqual([]);
  });

  it('fails (Lambda retries the asynchronous invocation) when SES refuses, rather than lose the code', async () => {
    const parts: SenderParts = { decrypt: async () => '1', lookup: table, send: async () => Promise.reject(new Error('Throttling')) };
    await expect(sendCognitoMail(event('CustomEmailSender_SignUp', { sub: 'owner-acme', email: 'owner@acme.example' }, 'enc:1'), parts)).rejects.toThrow('Throttling');
  });
});

describe('decrypting the code as Cognito encrypted it', () => {
  let kms: LocalKms;
  let keyArn: string;
  const encryptAs = async (generatorKeyId: string, code: string) => {
    const { encrypt } = buildEncrypt(CommitmentPolicy.REQUIRE_ENCRYPT_ALLOW_DECRYPT);
    const client = new KMS({ region: 'us-east-1', endpoint: `http://127.0.0.1:${(kms.server.address() as { port: number }).port}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { result } = await encrypt(new KmsKeyringNode({ generatorKeyId, clientProvider: () => client }), code);
    return result.toString('base64');
  };

  beforeAll(async () => {
    kms = await startKms(0, '127.0.0.1', 'us-east-1', join(mkdtempSync(join(tmpdir(), 'kms-')), 'keys.json'));
    keyArn = kms.ensureKey({ alias: 'alias/cognito-sender', keyId: '00000000-0000-4000-8000-00000000c0de' });
    kms.ensureKey({ alias: 'alias/other', keyId: '00000000-0000-4000-8000-0000000000ff' });
    process.env.COGNITO_SENDER_KEY_ARN = keyArn;
    process.env.KMS_ENDPOINT = `http://127.0.0.1:${(kms.server.address() as { port: number }).port}`;
  });
  afterAll(() => kms.close());

  it('gets the code back from an Encryption SDK message under the sender’s key (named by its alias, as Cognito may)', async () => {
    expect(await decryptCode(await encryptAs('alias/cognito-sender', '804113'))).toBe('804113');
  });

  it('refuses a message under another key, and a message with a changed byte', async () => {
    await expect(decryptCode(await encryptAs('alias/other', '804113'))).rejects.toThrow();
    const tampered = Buffer.from(await encryptAs(keyArn, '804113'), 'base64');
    tampered[tampered.length - 40]! ^= 1;
    await expect(decryptCode(tampered.toString('base64'))).rejects.toThrow();
  });
});
