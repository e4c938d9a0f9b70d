// The user pool's shape, in one place: the CDK StatefulStack and the local runtime both build from it.
export const userPoolDefinition = {
  /** Cognito groups; admin power comes only from `admin`. */
  groups: ['admin', 'owner', 'employee'] as const,
  /** custom:account_type — readable by the app client, writable only by the API (admin calls). */
  customAttributes: [{ name: 'account_type', maxLength: 20 }] as const,
  passwordPolicy: { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false },
  /** Attributes the app client may write on sign-up / profile update. */
  clientWriteAttributes: ['email', 'name', 'given_name', 'family_name'] as const,
  clientReadAttributes: ['email', 'email_verified', 'name', 'given_name', 'family_name', 'custom:account_type'] as const,
  /**
   * The hosted UI (Google sign-in): the code grant with PKCE, these scopes, and where it may send the browser back
   * (paths on the public origin). The spec sends a Google sign-in back to the site root.
   */
  oauth: { scopes: ['openid', 'email', 'profile'] as const, callbackPaths: ['/', '/sso/test-callback', '/api/sign-in/relay'] as const, signOutPaths: ['/'] as const },
} as const;
