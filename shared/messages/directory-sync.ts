// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Company Settings → Directory sync (issue 23 §1): SCIM tokens and the SCIM service's refusals. */
export const directorySyncMessages = {
  tokenNameRequired: 'Token name is required',
  sendInvitationsBoolean: 'Send invitations must be on or off',
  tooManyTokens: 'A business can have at most five active SCIM tokens. Revoke one before creating another.',
  tokenNameTaken: 'A token with this name already exists. Choose another name.',
  tokenNotFound: 'This token does not exist or was already revoked.',
  tokenCreatedTitle: 'Token created',
  tokenCreated: 'Copy it now: it will not be shown again.',
  tokenRevokedTitle: 'Token revoked',
  tokenRevoked: 'Okta or Entra ID can no longer sync with it.',
  settingsSaved: 'Directory sync settings saved.',
  saveFailed: 'Failed to save directory sync settings. Please try again.',
  createFailed: 'Failed to create the token. Please try again.',
  revokeFailed: 'Failed to revoke the token. Please try again.',
  scimUnauthorized: 'A valid SCIM bearer token is required.',
  scimRateLimited: 'Too many requests for this token. Please slow down and retry.',
  scimOwnerProtected: "The business owner's profile cannot be deactivated or deleted through directory sync.",
  /** Google offers SCIM provisioning only to its gallery apps, so a Workspace company has nothing to connect here. */
  googleWorkspaceTitle: 'Google Workspace',
  googleWorkspaceSteps: [
    'Google Workspace does not provision custom apps over SCIM, so it cannot sync with this section.',
    'Your staff sign in through single sign-on above (SAML 2.0, or OpenID Connect with a Google Cloud OAuth client).',
    'Add employees here by hand or by CSV import, or switch on creating employees on their first sign-in.',
    'When someone leaves, deactivate them in CardCrew (Employee Profile → Deactivate): suspending them in Google Workspace only stops their sign-in, not their card.',
  ],
} as const;
