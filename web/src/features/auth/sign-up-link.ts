// Links that open /auth in sign-up mode with an account type already chosen (spec 1 §1: the landing's Choose Agency
// sends a signed-out visitor to /auth; issue 40: the account type is the one they chose there).
import type { PendingAccountType } from '@web/lib/pending-storage';

export function signUpPath(accountType: PendingAccountType): string {
  return `/auth?mode=signup&account=${accountType}`;
}

/** The sign-up such a link asks for, or null; an unknown account type is the default one, business. */
export function signUpRequestOf(params: URLSearchParams): { accountType: PendingAccountType } | null {
  if (params.get('mode') !== 'signup') return null;
  return { accountType: params.get('account') === 'agency' ? 'agency' : 'business' };
}
