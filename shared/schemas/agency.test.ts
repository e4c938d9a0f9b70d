import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { addClientSchema, agencyClientSchema, agencySchema, agencySettingsSchema, clientWhiteLabelInputSchema } from './agency';

const validSettings = {
  name: 'Bright Agency',
  industry: 'Marketing',
  description: 'We manage cards for our clients.',
  website: 'https://bright.example',
  phoneNumber: '+1 (555) 010-0200',
  email: 'Hello@Bright.example',
  billingAddress: '1 Main St',
  billingCity: 'Austin',
  billingCountry: 'United States',
  billingPostalCode: '78701',
  primaryColor: '#3B82F6',
  secondaryColor: '#1e40af',
  accentColor: '#0bd',
  logoUrl: 'https://cdn.example/logo.png',
};
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('agencySettingsSchema', () => {
  it('accepts complete settings and lower-cases the e-mail', () => {
    expect(agencySettingsSchema.parse(validSettings)).toEqual({ ...validSettings, email: 'hello@bright.example', whiteLabel: false, whiteLabelName: null, supportEmail: null, supportUrl: null });
  });

  it('takes white-label with a support e-mail, and refuses it without one (issue 21)', () => {
    const on = { ...validSettings, whiteLabel: true, whiteLabelName: ' Bright Studio ', supportEmail: 'Help@Bright.example', supportUrl: 'https://help.bright.example' };
    expect(agencySettingsSchema.parse(on)).toMatchObject({ whiteLabel: true, whiteLabelName: 'Bright Studio', supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example' });
    const missing = agencySettingsSchema.safeParse({ ...on, supportEmail: '' });
    expect(missing.error?.issues[0]).toMatchObject({ message: 'A support email is required for white-label: your clients reply to it', path: ['supportEmail'] });
    expect(firstMessage(agencySettingsSchema.safeParse({ ...on, supportUrl: 'javascript:alert(1)' }))).toBeDefined();
  });

  it('requires the name with the agency wording', () => {
    expect(firstMessage(agencySettingsSchema.safeParse({ ...validSettings, name: '  ' }))).toBe(
      'Agency name is required',
    );
    const { name: _omit, ...withoutName } = validSettings;
    expect(firstMessage(agencySettingsSchema.safeParse(withoutName))).toBe('Agency name is required');
  });

  it('accepts only a name and stores every empty optional field as null', () => {
    const parsed = agencySettingsSchema.parse({
      name: 'Bright',
      website: '',
      email: '',
      logoUrl: '',
      primaryColor: '',
      industry: ' ',
    });
    expect(parsed).toEqual({
      name: 'Bright',
      industry: null,
      description: null,
      website: null,
      phoneNumber: null,
      email: null,
      billingAddress: null,
      billingCity: null,
      billingCountry: null,
      billingPostalCode: null,
      primaryColor: null,
      secondaryColor: null,
      accentColor: null,
      logoUrl: null,
      whiteLabel: false,
      whiteLabelName: null,
      supportEmail: null,
      supportUrl: null,
    });
  });

  it('refuses an invalid e-mail', () => {
    expect(firstMessage(agencySettingsSchema.safeParse({ ...validSettings, email: 'not-an-email' }))).toBe(
      'Please enter a valid email address',
    );
  });

  it.each(['website', 'logoUrl'] as const)('refuses a %s that is not an http(s) URL', (field) => {
    for (const value of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'bright.example',
      'ftp://bright.example',
    ]) {
      expect(firstMessage(agencySettingsSchema.safeParse({ ...validSettings, [field]: value }))).toBe(
        'Please enter a valid URL',
      );
    }
  });

  it.each(['primaryColor', 'secondaryColor', 'accentColor'] as const)(
    'refuses a %s that is not #rgb or #rrggbb',
    (field) => {
      for (const value of ['3B82F6', '#3B82F', 'blue', '#3B82F6FF']) {
        expect(firstMessage(agencySettingsSchema.safeParse({ ...validSettings, [field]: value }))).toBe(
          'Must be a valid hex color',
        );
      }
    },
  );

  it('refuses a phone number without digits', () => {
    expect(agencySettingsSchema.safeParse({ ...validSettings, phoneNumber: 'call us' }).success).toBe(false);
  });

  it('refuses fields the form does not have', () => {
    expect(agencySettingsSchema.safeParse({ ...validSettings, ownerId: 'someone-else' }).success).toBe(false);
    expect(agencySettingsSchema.safeParse({ ...validSettings, id: 'agency_0123456789' }).success).toBe(false);
  });
});

describe('addClientSchema', () => {
  const validClient = {
    name: 'Acme Corp',
    industry: 'Retail',
    website: 'https://acme.example',
    description: 'A client',
  };

  it('accepts a complete client', () => {
    expect(addClientSchema.parse(validClient)).toEqual(validClient);
  });

  it('requires the business name', () => {
    expect(firstMessage(addClientSchema.safeParse({ ...validClient, name: '' }))).toBe('Business name is required');
    expect(firstMessage(addClientSchema.safeParse({}))).toBe('Business name is required');
  });

  it('stores empty optional fields as null', () => {
    expect(addClientSchema.parse({ name: 'Acme', industry: '', website: '', description: '' })).toEqual({
      name: 'Acme',
      industry: null,
      website: null,
      description: null,
    });
  });

  it('refuses a website that is not an http(s) URL', () => {
    expect(firstMessage(addClientSchema.safeParse({ ...validClient, website: 'javascript:alert(1)' }))).toBe(
      'Please enter a valid URL',
    );
  });

  it('refuses fields the form does not have', () => {
    expect(addClientSchema.safeParse({ ...validClient, agencyId: 'agency_0123456789' }).success).toBe(false);
  });
});

describe('agencySchema', () => {
  it('describes the agency the API returns, with nullable optional fields', () => {
    const agency = {
      id: 'agency_0123456789',
      ownerId: 'user-1',
      name: 'Bright',
      industry: null,
      description: null,
      website: null,
      logoUrl: null,
      phoneNumber: null,
      email: null,
      billingAddress: null,
      billingCity: null,
      billingCountry: null,
      billingPostalCode: null,
      primaryColor: null,
      secondaryColor: null,
      accentColor: null,
      whiteLabel: false,
      whiteLabelName: null,
      supportEmail: null,
      supportUrl: null,
      faviconUrl: null,
      faviconUploaded: false,
    };
    expect(agencySchema.parse(agency)).toEqual(agency);
    expect(agencySchema.safeParse({ ...agency, name: null }).success).toBe(false);
  });
});

describe('agencyClientSchema', () => {
  it('links one agency to one business', () => {
    const link = { agencyId: 'agency_0123456789', businessId: 'biz_0123456789' };
    expect(agencyClientSchema.parse(link)).toEqual(link);
    expect(agencyClientSchema.safeParse({ agencyId: link.agencyId }).success).toBe(false);
  });
});

describe('clientWhiteLabelInputSchema', () => {
  it('takes agency, on or off for one client, nothing else', () => {
    for (const whiteLabel of ['agency', 'on', 'off']) expect(clientWhiteLabelInputSchema.parse({ whiteLabel })).toEqual({ whiteLabel });
    const bad = clientWhiteLabelInputSchema.safeParse({ whiteLabel: 'maybe' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(messages.agency.clientWhiteLabelInvalid);
    expect(clientWhiteLabelInputSchema.safeParse({ whiteLabel: 'on', extra: 1 }).success).toBe(false);
  });
});
