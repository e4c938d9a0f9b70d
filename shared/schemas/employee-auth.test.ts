import { describe, expect, it } from 'vitest';
import { employeeAuthSchema, MIN_ONBOARDING_PASSWORD_LENGTH } from './employee-auth';

const recordEmail = 'Jane.Doe@Acme.example';
const signUp = employeeAuthSchema(recordEmail, 'signUp');
const signIn = employeeAuthSchema(recordEmail, 'signIn');
const valid = { email: 'jane.doe@acme.example', password: 'secret1', confirmPassword: 'secret1' };

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('employeeAuthSchema', () => {
  it('accepts matching credentials in both modes and gives the lower-case record e-mail', () => {
    const expected = { email: 'jane.doe@acme.example', password: 'secret1' };
    expect(signUp.parse(valid)).toEqual(expected);
    expect(signIn.parse({ email: valid.email, password: valid.password })).toEqual(expected);
  });

  it('matches the record e-mail regardless of case and surrounding spaces', () => {
    expect(signUp.parse({ ...valid, email: '  JANE.DOE@acme.EXAMPLE ' }).email).toBe('jane.doe@acme.example');
  });

  it('requires e-mail and password with one message, before any other rule', () => {
    const fill = 'Please fill in all required fields.';
    expect(issuesOf(signUp.safeParse({ ...valid, email: '   ' }))).toEqual([['email', fill]]);
    expect(issuesOf(signUp.safeParse({ ...valid, password: '' }))).toEqual([['password', fill]]);
    expect(issuesOf(signIn.safeParse({ email: '', password: '' }))).toEqual([
      ['email', fill],
      ['password', fill],
    ]);
    expect(issuesOf(signIn.safeParse({ password: 'secret1' }))).toEqual([['email', fill]]);
  });

  it('refuses an e-mail other than the employee record', () => {
    expect(issuesOf(signIn.safeParse({ email: 'jane@gmail.example', password: 'secret1' }))).toEqual([
      ['email', 'Email must match the employee record. Please use your company email.'],
    ]);
  });

  it('in sign-up, refuses a confirmation that differs from the password', () => {
    expect(issuesOf(signUp.safeParse({ ...valid, confirmPassword: 'secret2' }))).toEqual([
      ['confirmPassword', 'Passwords do not match.'],
    ]);
    expect(issuesOf(signUp.safeParse({ email: valid.email, password: valid.password }))).toEqual([
      ['confirmPassword', 'Passwords do not match.'],
    ]);
  });

  it('in sign-in, ignores the confirmation', () => {
    expect(signIn.safeParse({ ...valid, confirmPassword: 'something else' }).success).toBe(true);
  });

  it('requires at least 6 characters and counts spaces, without trimming the password', () => {
    expect(MIN_ONBOARDING_PASSWORD_LENGTH).toBe(6);
    const short = 'abcde';
    expect(issuesOf(signIn.safeParse({ email: valid.email, password: short }))).toEqual([
      ['password', 'Password must be at least 6 characters long.'],
    ]);
    expect(signIn.parse({ email: valid.email, password: 'abcdef' }).password).toBe('abcdef');
    expect(signIn.parse({ email: valid.email, password: ' abcd ' }).password).toBe(' abcd ');
  });

  it('reports the rules in the spec order, so the first issue is the one to show', () => {
    expect(
      issuesOf(signUp.safeParse({ email: 'other@acme.example', password: 'abc', confirmPassword: 'abd' })),
    ).toEqual([
      ['email', 'Email must match the employee record. Please use your company email.'],
      ['confirmPassword', 'Passwords do not match.'],
      ['password', 'Password must be at least 6 characters long.'],
    ]);
  });

  it('refuses fields the form does not have', () => {
    expect(signUp.safeParse({ ...valid, employeeId: 'emp_0123456789' }).success).toBe(false);
  });
});
