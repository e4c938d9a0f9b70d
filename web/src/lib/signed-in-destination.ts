// Where the landing page sends a signed-in visitor (spec 1 §2 'Landing page behaviour'). Where a person belongs is
// decided on the server (`/api/me`'s destination, functions/src/me/resolve-me.ts); this only maps it to a path.
import type { Destination, Me } from '@shared/schemas/me';

/** The page of each destination: a leaver's 'Access Ended' is shown where their portal was. */
export const destinationPaths: Record<Destination, string> = {
  admin: '/admin',
  'employee-portal': '/employee-portal',
  'access-ended': '/employee-portal',
  business: '/business',
  agency: '/agency',
  'business-onboarding': '/business',
};

/**
 * Spec 1 §2 'Landing page behaviour': admin first, then a saved redirect path, then the server's destination. Null when
 * nothing is known about the user (POST /api/me failed): the landing page then shows, with 'Welcome Back!'.
 */
export function signedInDestination(me: Me | null, pendingRedirect: string | null): string | null {
  if (me?.isAdmin) return '/admin';
  if (pendingRedirect && pendingRedirect !== '/') return pendingRedirect;
  if (!me) return null;
  return destinationPaths[me.destination];
}

/**
 * Does the dashboard's data load for this person (issue 41): owners, agencies and admins, and a business's Admins; a
 * Billing contact sees only billing, a plain employee their portal.
 */
export function loadsDashboard(me: Me): boolean {
  return me.role !== 'employee' || me.businessRole === 'admin';
}
