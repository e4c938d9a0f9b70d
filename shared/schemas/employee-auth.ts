// Sign-up and sign-in on the employee onboarding page (spec 1 §2, §5): the checks run before the account call.
// The API repeats the e-mail match when it links the account to the employee; this check only saves a round trip.
import * as z from '../zod';
import { onboardingMessages } from '../messages/onboarding';

const m = onboardingMessages;

/** Spec 1 §9. Stricter server-side password policies still apply after this check. */
export const MIN_ONBOARDING_PASSWORD_LENGTH = 6;

export const employeeAuthModes = ['signUp', 'signIn'] as const;
export type EmployeeAuthMode = (typeof employeeAuthModes)[number];

/**
 * The form for one employee record. Issues come in the spec's order (required fields, e-mail match, password
 * confirmation, password length), so the first issue is the one to show. The e-mail is compared without regard
 * to case or surrounding spaces and comes out as the record's lower-case form. The password is never trimmed.
 * `confirmPassword` is ignored in sign-in mode, so one form state can serve both modes.
 */
export function employeeAuthSchema(employeeEmail: string, mode: EmployeeAuthMode) {
  const recordEmail = employeeEmail.trim().toLowerCase();
  const fields = z.strictObject({
    email: z.string({ error: m.fillRequired }).check(z.trim(), z.maxLength(254, m.emailMismatch)),
    password: z.string({ error: m.fillRequired }).check(z.maxLength(256, 'Password must be at most 256 characters')),
    confirmPassword: z.optional(z.string()),
  });
  const inSpecOrder = z.superRefine<z.output<typeof fields>>((value, ctx) => {
    const missing = (['email', 'password'] as const).filter((field) => value[field] === '');
    if (missing.length > 0) {
      for (const field of missing) ctx.addIssue({ code: 'custom', message: m.fillRequired, path: [field] });
      return;
    }
    if (value.email.toLowerCase() !== recordEmail) {
      ctx.addIssue({ code: 'custom', message: m.emailMismatch, path: ['email'] });
    }
    if (mode === 'signUp' && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', message: m.passwordsMismatch, path: ['confirmPassword'] });
    }
    if (value.password.length < MIN_ONBOARDING_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: m.passwordTooShort, path: ['password'] });
    }
  });
  return z.pipe(fields.check(inSpecOrder), z.transform(({ email, password }) => ({ email: email.toLowerCase(), password })));
}
export type EmployeeAuthInput = z.input<ReturnType<typeof employeeAuthSchema>>;
export type EmployeeAuth = z.output<ReturnType<typeof employeeAuthSchema>>;
