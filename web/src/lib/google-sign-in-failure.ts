// Where a failed Google round trip is noted (lib/auth.ts) and read (GoogleFailureRedirect): no Amplify import here.
export const GOOGLE_FAILED_KEY = 'google_sign_in_failed';
export const GOOGLE_FAILED_EVENT = 'cardcrew:google-sign-in-failed';
/** Set before an SSO round trip (issue 24): a failure then reads 'SSO sign-in failed' with the reason. */
export const SSO_PENDING_KEY = 'sso_sign_in_pending';
