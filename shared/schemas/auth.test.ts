import { describe, expect, it } from 'vitest';
import { signInSchema, signUpAccountTypes, signUpSchema } from './auth';

const fill = 'Please fill in all fields';
const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('signInSchema', () => {
  it('accepts an e-mail and password, trimming the e-mail but keeping its case', () => {
    expect(signInSchema.parse({ email: ' Jane@Acme.example ', password: 'pw' })).toEqual({
      email: 'Jane@Acme.example',
      password: 'pw',
    });
  });

  it('refuses an empty, blank or missing field with the one spec message', () => {
    expect(messagesOf(signInSchema.safeParse({ email: '', password: 'pw' }))).toEqual([fill]);
    expect(messagesOf(signInSchema.safeParse({ email: '   ', password: 'pw' }))).toEqual([fill]);
    expect(messagesOf(signInSchema.safeParse({ email: 'jane@acme.example', password: '' }))).toEqual([fill]);
    expect(messagesOf(signInSchema.safeParse({}))).toEqual([fill, fill]);
  });

  it('has no password length rule and never trims the password', () => {
    expect(signInSchema.parse({ email: 'jane@acme.example', password: 'x' }).password).toBe('x');
    expect(signInSchema.parse({ email: 'jane@acme.example', password: ' ' }).password).toBe(' ');
  });

  it('refuses fields the form does not have', () => {
    expect(
      signInSchema.safeParse({ email: 'jane@acme.example', password: 'pw', accountType: 'business' }).success,
    ).toBe(false);
  });
});

describe('signUpSchema', () => {
  const valid = { email: 'jane@acme.example', password: 'pw' };

  it('offers business and agency, defaulting to business', () => {
    expect(signUpAccountTypes).toEqual(['business', 'agency']);
    expect(signUpSchema.parse(valid).accountType).toBe('business');
    expect(signUpSchema.parse({ ...valid, accountType: 'agency' }).accountType).toBe('agency');
  });

  it('refuses the account types a user may not choose', () => {
    for (const accountType of ['admin', 'employee', '']) {
      expect(signUpSchema.safeParse({ ...valid, accountType }).success, accountType).toBe(false);
    }
  });

  it('requires e-mail and password with the same message as sign-in', () => {
    expect(messagesOf(signUpSchema.safeParse({ email: '', password: '', accountType: 'agency' }))).toEqual([
      fill,
      fill,
    ]);
  });
});
