// The user pool's password policy as a check, so the local user pool refuses what Cognito refuses, with Cognito's
// own words. The policy itself is userPoolDefinition's, the one the CDK stack deploys.
import { userPoolDefinition } from './user-pool-definition';

/** Cognito's symbol set for password policies. */
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/;

export interface PasswordPolicy {
  minLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigits: boolean;
  requireSymbols: boolean;
}

/** The first rule `password` breaks, in Cognito's wording ('Password did not conform with policy: …'), or null. */
export function passwordPolicyProblem(password: string, policy: PasswordPolicy = userPoolDefinition.passwordPolicy): string | null {
  const problem =
    password.length < policy.minLength
      ? 'Password not long enough'
      : policy.requireLowercase && !/[a-z]/.test(password)
        ? 'Password must have lowercase characters'
        : policy.requireUppercase && !/[A-Z]/.test(password)
          ? 'Password must have uppercase characters'
          : policy.requireDigits && !/[0-9]/.test(password)
            ? 'Password must have numeric characters'
            : policy.requireSymbols && !SYMBOLS.test(password)
              ? 'Password must have symbol characters'
              : null;
  return problem && `Password did not conform with policy: ${problem}`;
}
