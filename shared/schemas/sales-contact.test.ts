import { describe, expect, it } from 'vitest';
import { salesContactMessages, salesContactSchema } from './sales-contact';

const validContact = {
  companyName: 'Acme Corp',
  contactPerson: 'Jane Doe',
  email: 'Jane@Acme.example',
  phone: '+1 555 0100',
  address: '1 Main St',
  city: 'Austin',
  country: 'United States',
  zipCode: '78701',
  message: 'We have 1,500 employees.',
};

describe('salesContactSchema', () => {
  it('accepts a complete message and lower-cases the e-mail', () => {
    expect(salesContactSchema.parse(validContact)).toEqual({ ...validContact, email: 'jane@acme.example' });
  });

  it('makes zip code and message optional, stored as null when empty', () => {
    const { zipCode: _zip, message: _message, ...required } = validContact;
    expect(salesContactSchema.parse(required)).toMatchObject({ zipCode: null, message: null });
    expect(salesContactSchema.parse({ ...validContact, zipCode: ' ', message: '' })).toMatchObject({
      zipCode: null,
      message: null,
    });
  });

  it.each([
    ['companyName', 'Company name is required'],
    ['contactPerson', 'Contact person is required'],
    ['email', 'Valid email is required'],
    ['phone', 'Phone is required'],
    ['address', 'Address is required'],
    ['city', 'City is required'],
    ['country', 'Country is required'],
  ] as const)('requires %s with the message %j', (field, message) => {
    expect(salesContactSchema.safeParse({ ...validContact, [field]: '  ' }).error?.issues[0]?.message).toBe(message);
    const { [field]: _omit, ...without } = validContact;
    expect(salesContactSchema.safeParse(without).error?.issues[0]?.message).toBe(message);
  });

  it('refuses an invalid e-mail', () => {
    expect(salesContactSchema.safeParse({ ...validContact, email: 'jane@' }).error?.issues[0]?.message).toBe(
      'Valid email is required',
    );
  });

  it('refuses over-long values', () => {
    expect(salesContactSchema.safeParse({ ...validContact, companyName: 'x'.repeat(201) }).success).toBe(false);
    expect(salesContactSchema.safeParse({ ...validContact, message: 'x'.repeat(2001) }).success).toBe(false);
    expect(salesContactSchema.safeParse({ ...validContact, message: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('refuses fields the form does not have', () => {
    expect(salesContactSchema.safeParse({ ...validContact, cc: 'other@x.example' }).success).toBe(false);
  });
});

describe('salesContactMessages', () => {
  it('uses the spec wording', () => {
    expect(salesContactMessages).toEqual({
      success: 'Message sent successfully! Our sales team will contact you soon.',
      failureTitle: 'Error sending message',
      failure: 'Please try again later or contact us directly',
    });
  });
});
