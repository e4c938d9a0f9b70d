// The words of the mails Cognito sends for us (its codes and a new account's temporary password), written by the user
// pool's CustomMessage trigger (functions/src/cognito-messages). `brand` is the name the person knows the product by:
// CardCrew, or the agency of a white-labelled client (issue 21 §1).

/** Cognito's message kinds we write (its trigger sources without the `CustomMessage_` prefix). */
export type CognitoMailKind = 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'AdminCreateUser' | 'UpdateUserAttribute' | 'VerifyUserAttribute';

export interface CognitoMailCopy {
  subject: (brand: string) => string;
  title: string;
  intro: (brand: string) => string;
  /** The label beside Cognito's code (or, for a new account, its temporary password). */
  codeLabel: string;
  /** How long the code works and what to do if the mail was not expected. */
  note: string;
}

export const cognitoMailCopy: Record<CognitoMailKind, CognitoMailCopy> = {
  SignUp: {
    subject: (brand) => `Your ${brand} verification code`,
    title: 'Confirm your email address',
    intro: (brand) => `Welcome to ${brand}. Enter this code to confirm your email address and finish creating your account.`,
    codeLabel: 'Your verification code',
    note: 'The code works for 24 hours. If you did not create an account, you can ignore this email.',
  },
  ResendCode: {
    subject: (brand) => `Your new ${brand} verification code`,
    title: 'Your new verification code',
    intro: (brand) => `Here is a new code to confirm your email address for ${brand}. Codes sent before this one no longer work.`,
    codeLabel: 'Your verification code',
    note: 'The code works for 24 hours. If you did not create an account, you can ignore this email.',
  },
  ForgotPassword: {
    subject: (brand) => `Reset your ${brand} password`,
    title: 'Reset your password',
    intro: (brand) => `We received a request to reset the password of your ${brand} account. Enter this code to choose a new password.`,
    codeLabel: 'Your reset code',
    note: 'The code works for 1 hour. If you did not ask to reset your password, ignore this email: your password stays as it is.',
  },
  AdminCreateUser: {
    subject: (brand) => `Your ${brand} account`,
    title: 'Your account is ready',
    intro: (brand) => `An account was created for you on ${brand}. Sign in with your user name and this temporary password; you will then choose your own password.`,
    codeLabel: 'Your temporary password',
    note: 'The temporary password works for 7 days.',
  },
  UpdateUserAttribute: {
    subject: (brand) => `Confirm your new ${brand} email address`,
    title: 'Confirm your new email address',
    intro: (brand) => `Enter this code in ${brand} to confirm this email address for your account.`,
    codeLabel: 'Your verification code',
    note: 'The code works for 24 hours. If you did not change your email address, you can ignore this email.',
  },
  VerifyUserAttribute: {
    subject: (brand) => `Your ${brand} verification code`,
    title: 'Confirm your email address',
    intro: (brand) => `Enter this code in ${brand} to confirm your email address.`,
    codeLabel: 'Your verification code',
    note: 'The code works for 24 hours. If you did not ask for it, you can ignore this email.',
  },
};

/** The label of the user name a new account signs in with (AdminCreateUser). */
export const cognitoMailUsernameLabel = 'Your user name';
