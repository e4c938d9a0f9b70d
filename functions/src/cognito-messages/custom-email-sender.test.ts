// The CustomMessage trigger: whose brand a person's Cognito mails carry, read from the table (memberships by `sub`, the
// invitations mailed to the address) and never from the browser's ClientMetadata; CardCrew's when in doubt or when the
// table cannot be read; the response Cognito needs for each trigger source.
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { ClientBrand } from '../agency/brand';
import type { PersonLookup } from './brand-of-person';
import { brandOfPerson } from './brand-of-person';
import { customMessage } from './custom-message';

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

function event(triggerSource: CustomMessageTriggerEvent['triggerSource'], attributes: Record<string, string>, clientMetadata?: Record<string, string>): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'pool',
    userName: attributes.sub ?? 'user',
    triggerSource,
    callerContext: { awsSdkVersion: 'x', clientId: 'client' },
    request: { userAttributes: attributes, codeParameter: '{####}', linkParameter: '{##Click Here##}', usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? '{username}' : null, ...(clientMetadata ? { clientMetadata } : {}) },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('the CustomMessage trigger', () => {
  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode', 'CustomMessage_ForgotPassword', 'CustomMessage_AdminCreateUser', 'CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute'] as const)(
    '%s: a subject and HTML in the agency’s brand with the code placeholder',
    async (source) => {
      const out = await customMessage(event(source, { sub: 'owner-northwind', email: 'owner@northwind.example' }), table);
      expect(out.response.emailSubject).toContain('Bright Agency');
      expect(out.response.emailMessage).toContain('{####}');
      expect(`${out.response.emailSubject} ${out.response.emailMessage}`).not.toMatch(/cardcrew/i);
      if (source === 'CustomMessage_AdminCreateUser') expect(out.response.emailMessage).toContain('{username}');
      expect(out.response.smsMessage).toBeNull();
    },
  );

  it('writes CardCrew’s mail for a direct customer’s person', async () => {
    const out = await customMessage(event('CustomMessage_ForgotPassword', { sub: 'owner-acme', email: 'owner@acme.example' }), table);
    expect(out.response.emailSubject).toBe('Reset your CardCrew password');
    expect(out.response.emailMessage).toContain('CardCrew · Digital business cards for your whole team');
  });

  it('ignores what the browser sends in ClientMetadata', async () => {
    const out = await customMessage(event('CustomMessage_SignUp', { sub: 'new-sub', email: 'someone@example.com' }, { invitation: 'token', businessId: 'northwind', brand: 'bright' }), table);
    expect(out.response.emailSubject).toBe('Your CardCrew verification code');
  });

  it('reads by the user’s sub and the address the mail goes to', async () => {
    const reads = fakeTable({});
    await customMessage(event('CustomMessage_SignUp', { sub: 'sub-1', email: 'Someone@Example.com ' }), reads);
    expect(reads.reads).toEqual(['scopes:sub-1', 'invitations:Someone@Example.com']);
  });

  it('still writes CardCrew’s mail when the table cannot be read (a failed trigger would fail the sign-up)', async () => {
    const broken: PersonLookup = { ...table, scopesOfUser: async () => Promise.reject(new Error('throttled')) };
    const out = await customMessage(event('CustomMessage_SignUp', { sub: 'owner-northwind', email: 'owner@northwind.example' }), broken);
    expect(out.response.emailSubject).toBe('Your CardCrew verification code');
    expect(out.response.emailMessage).toContain('{####}');
  });

  it('leaves an MFA code (CustomMessage_Authentication; the pool has no MFA) to Cognito’s default', async () => {
    const out = await customMessage(event('CustomMessage_Authentication', { sub: 'owner-northwind' }), table);
    expect(out.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});
