// The /auth sign-in and sign-up form (spec 1 §2, §5): both fields required, one message, no password length rule.
// The identity provider judges the e-mail and the password; this form only refuses empty fields, like the page.
import * as z from '../zod';
import { messages } from '../messages';

const fill = messages.auth.fillAllFields;

/** What sign-up may choose (spec 1 §2 Account Type select); never employee or admin. Default business (spec 1 §6). */
export const signUpAccountTypes = ['business', 'agency'] as const;
export type SignUpAccountType = (typeof signUpAccountTypes)[number];

// The e-mail is trimmed but keeps its case: the page passes it to the identity provider as typed.
// The password is neither trimmed nor length-checked: a space is a valid password character, and the provider
// enforces its own policy (its refusal is shown as 'Authentication Error' with the provider's message).
export const signInSchema = z.strictObject({
  // Longer than any address can be (RFC 5321: 254): refused here rather than handed to the identity provider.
  email: z.string({ error: fill }).check(z.trim(), z.minLength(1, fill), z.maxLength(254, messages.employee.validEmail)),
  password: z.string({ error: fill }).check(z.minLength(1, fill)),
});
export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;

export const signUpSchema = z.strictObject({
  ...signInSchema.shape,
  accountType: z._default(z.enum(signUpAccountTypes, { error: 'Account type must be Business Owner or Marketing Agency' }), 'business'),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;
