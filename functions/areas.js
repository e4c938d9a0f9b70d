// The areas of functions/src in their allowed order (DESIGN §2): an area imports only areas of the layers below its own,
// never one of its own layer or above, so no two areas depend on each other and each can be read (and bundled) without
// what sits above it. Files directly in functions/src (config.ts, security-headers.ts) are below every layer. The lint
// rule in scripts/area-layers-rule.js reads this file; a new area joins the lowest layer above everything it imports.
/** Bottom first. */
export const areaLayers = [
  ['data'],
  ['lib'],
  ['adapters', 'docs', 'domain-records', 'identity', 'plans', 'rate-limit'],
  ['http', 'sign-in-relay'],
  ['audit', 'scan-totals', 'webhooks'],
  ['business'],
  ['uploads'],
  ['agency', 'card-page', 'email-signature', 'sso'],
  ['apple-wallet', 'custom-domains', 'link-preview', 'sign-up', 'wallet', 'white-label'],
  ['card-sharing', 'mail', 'sending-domains'],
  ['cognito-messages', 'contacts', 'invitations', 'invoices', 'sales'],
  ['agency-billing', 'billing', 'invoice-documents', 'jobs', 'leavers', 'unapplied-payments'],
  ['admin', 'business-api', 'directory', 'me', 'payments', 'public', 'stripe-connect'],
];

