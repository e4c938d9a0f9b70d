// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Stripe Connect for agencies (docs/decisions.md "Stripe Connect for agencies"). */
export const stripeConnectMessages = {
  states: {
    not_connected: { label: 'Not connected', detail: 'Connect your agency with Stripe to be paid directly by the clients you bill.' },
    details_needed: { label: 'Details needed', detail: 'Stripe needs more details before your agency can take payments. Continue with Stripe to finish.' },
    charges_enabled: { label: 'Charges enabled', detail: 'Your agency can take card payments through Stripe.' },
    restricted: { label: 'Restricted', detail: 'Stripe has paused payments to your agency until it gets more information. Continue with Stripe to see what it needs.' },
  },
  linkExpired: 'That Stripe link expired or was used already. Continue with Stripe to pick up where you left off.',
  agencyNotFound: 'Agency not found.',
  startFailed: 'Could not open Stripe. Please try again.',
  loadFailed: 'Could not load your payments settings.',
  notConfigured: 'Card payments are not configured.',
} as const;
