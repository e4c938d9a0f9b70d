import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLORS } from '../colour';
import { businessSettingsSchema, type BusinessSettingsInput } from './business';

function makeSettings(overrides: Partial<BusinessSettingsInput> = {}): BusinessSettingsInput {
  return {
    name: 'Acme Corp',
    industry: 'Retail',
    description: 'We sell everything.',
    website: 'https://acme.example',
    logoUrl: 'https://cdn.example/acme.png',
    billingEmail: 'Billing@Acme.example',
    billingAddress: '1 Main St',
    billingCity: 'Austin',
    billingPostalCode: '78701',
    billingCountry: 'United States',
    primaryColor: '#3B82F6',
    secondaryColor: '#1e40af',
    accentColor: '#0bd',
    ...overrides,
  };
}
const firstMessage = (input: unknown) => businessSettingsSchema.safeParse(input).error?.issues[0]?.message;

describe('businessSettingsSchema', () => {
  it('accepts complete settings and lower-cases the billing e-mail', () => {
    expect(businessSettingsSchema.parse(makeSettings())).toEqual({
      ...makeSettings(),
      billingEmail: 'billing@acme.example',
    });
  });

  it('requires the company name', () => {
    expect(firstMessage(makeSettings({ name: '   ' }))).toBe('Company name is required');
    const { name: _omit, ...withoutName } = makeSettings();
    expect(firstMessage(withoutName)).toBe('Company name is required');
  });

  it('accepts only a name and stores every empty optional field as null', () => {
    expect(
      businessSettingsSchema.parse({
        name: ' Acme ',
        industry: '  ',
        website: '',
        logoUrl: '',
        billingEmail: ' ',
        billingPostalCode: null,
        primaryColor: '',
      }),
    ).toEqual({
      name: 'Acme',
      industry: null,
      description: null,
      website: null,
      logoUrl: null,
      billingEmail: null,
      billingAddress: null,
      billingCity: null,
      billingPostalCode: null,
      billingCountry: null,
      primaryColor: null,
      secondaryColor: null,
      accentColor: null,
    });
  });

  it('refuses a billing e-mail that is not an e-mail address', () => {
    for (const billingEmail of ['billing', 'billing@', '@acme.example', 'a b@acme.example']) {
      expect(firstMessage(makeSettings({ billingEmail }))).toBe('Valid email is required');
    }
  });

  it.each(['website', 'logoUrl'] as const)('refuses a %s that is not an http(s) URL', (field) => {
    for (const value of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'acme.example', 'ftp://acme.example']) {
      expect(firstMessage(makeSettings({ [field]: value }))).toBe('Please enter a valid URL');
    }
    expect(businessSettingsSchema.parse(makeSettings({ [field]: 'http://acme.example/x' }))[field]).toBe(
      'http://acme.example/x',
    );
  });

  it.each(['primaryColor', 'secondaryColor', 'accentColor'] as const)(
    'accepts a 3- or 6-digit %s with a leading # and refuses anything else',
    (field) => {
      expect(businessSettingsSchema.parse(makeSettings({ [field]: '#abc' }))[field]).toBe('#abc');
      expect(businessSettingsSchema.parse(makeSettings({ [field]: ' #A1B2C3 ' }))[field]).toBe('#A1B2C3');
      for (const value of ['3B82F6', '#3B82F', '#abcd', 'blue', '#3B82F6FF', '#ggg']) {
        expect(firstMessage(makeSettings({ [field]: value }))).toBe('Must be a valid hex color');
      }
    },
  );

  it('keeps the default brand colours valid input', () => {
    expect(businessSettingsSchema.parse(makeSettings(DEFAULT_BRAND_COLORS))).toMatchObject(DEFAULT_BRAND_COLORS);
  });

  it('refuses over-long values', () => {
    expect(businessSettingsSchema.safeParse(makeSettings({ name: 'x'.repeat(201) })).success).toBe(false);
    expect(businessSettingsSchema.safeParse(makeSettings({ billingPostalCode: 'x'.repeat(21) })).success).toBe(false);
  });

  it('refuses fields the form does not have', () => {
    expect(businessSettingsSchema.safeParse({ ...makeSettings(), ownerId: 'someone-else' }).success).toBe(false);
    expect(businessSettingsSchema.safeParse({ ...makeSettings(), isActive: false }).success).toBe(false);
  });
});
