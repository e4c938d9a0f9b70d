// The areas of functions/src in their allowed order (DESIGN §2): an area imports only areas of the layers below its own,
// never one of its own layer or above, so no two areas depend on each other and each can be read (and bundled) without
// what sits above it. Files directly in functions/src (config.ts, security-headers.ts) are below every layer. The lint
// rule in eslint/area-layers.js reads this file; a new area joins the lowest layer above everything it imports.
/** Bottom first. */
export const areaLayers = [
  ['data'],
  ['lib'],
  ['adapters', 'docs', 'identity', 'plans', 'rate-limit'],
  ['audit', 'scan-totals'],
  ['business'],
  ['agency', 'card-page', 'card-sharing', 'email-signature', 'sso', 'uploads'],
  ['apple-wallet', 'custom-domains', 'link-preview', 'public', 'wallet', 'white-label'],
  ['mail', 'sending-domains'],
  ['cognito-messages', 'contacts', 'invitations', 'invoices', 'sales'],
  ['agency-billing', 'billing', 'invoice-documents', 'jobs', 'leavers', 'unapplied-payments'],
  ['admin', 'directory', 'me'],
];

/**
 * Imports that still run upward, each as the importing file (under functions/src) and the area it reaches up to. They
 * are debts to pay by moving code, not exceptions to add to: the rule fails on any upward import not listed here, and
 * on an entry here that its file no longer needs (so the list only shrinks).
 */
export const upwardImportsToRemove = [
  ['data/filtered-listing.ts', 'lib'],
  ['lib/admin-http-handler.ts', 'identity'],
  ['lib/http-handler.ts', 'identity'],
  ['lib/http.ts', 'identity'],
  ['lib/request-context.ts', 'identity'],
  ['adapters/wallet-issuer.ts', 'wallet'],
  ['identity/pre-sign-up.ts', 'sso'],
  ['business/create-business.ts', 'leavers'],
  ['business/delete-employee.ts', 'leavers'],
  ['business/delete-employee.ts', 'contacts'],
  ['business/handler.ts', 'leavers'],
  ['business/handler.ts', 'uploads'],
  ['business/handler.ts', 'wallet'],
  ['business/employee-media.ts', 'uploads'],
  ['business/update-business-settings.ts', 'uploads'],
  ['business/generate-card-qr.ts', 'custom-domains'],
  ['agency/add-client.ts', 'white-label'],
  ['agency/agency-logo.ts', 'white-label'],
  ['agency/agency-logo.ts', 'uploads'],
  ['agency/save-agency-settings.ts', 'white-label'],
  ['agency/save-agency-settings.ts', 'uploads'],
  ['card-page/showable-card.ts', 'leavers'],
  ['card-sharing/reactions.ts', 'apple-wallet'],
  ['card-sharing/reactions.ts', 'link-preview'],
  ['card-sharing/reactions.ts', 'wallet'],
  ['invoices/admin-invoices.ts', 'jobs'],
  ['invoices/payments-handler.ts', 'unapplied-payments'],
  ['public/handler.ts', 'sales'],
];
