import { describe, expect, it } from 'vitest';
import { passwordPolicyProblem } from './password-policy';

describe('the user pool password policy', () => {
  it('refuses what Cognito refuses, in Cognito’s words', () => {
    expect(passwordPolicyProblem('a')).toBe('Password did not conform with policy: Password not long enough');
    expect(passwordPolicyProblem('abc')).toBe('Password did not conform with policy: Password not long enough');
    expect(passwordPolicyProblem('ABCDEFGH1')).toBe('Password did not conform with policy: Password must have lowercase characters');
    expect(passwordPolicyProblem('abcdefgh1')).toBe('Password did not conform with policy: Password must have uppercase characters');
    expect(passwordPolicyProblem('Abcdefghi')).toBe('Password did not conform with policy: Password must have numeric characters');
  });

  it('accepts a password that meets every rule', () => {
    expect(passwordPolicyProblem('Journey123!')).toBeNull();
    expect(passwordPolicyProblem('Abcdefg1')).toBeNull();
  });

  it('checks symbols when a policy asks for them', () => {
    const strict = { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true };
    expect(passwordPolicyProblem('Abcdefg1', strict)).toBe('Password did not conform with policy: Password must have symbol characters');
    expect(passwordPolicyProblem('Abcdefg1!', strict)).toBeNull();
  });
});
