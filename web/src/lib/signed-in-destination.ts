// Where the landing page sends a signed-in visitor (spec 1 §2 'Landing page behaviour').
import type { Me } from '@shared/schemas/me';

/**
 * Spec 1 §2 'Landing page behaviour': admin first, then a saved redirect path, then by account type. Null when
 * nothing is known about the user (POST /api/me failed): the landing page then shows, with 'Welcome Back!'.
 */
export function signedInDestination(me: Me | null, pendingRedirect: string | null): string | null {
  if (me?.isAdmin) return '/admin';
  if (pendingRedirect && pendingRedirect !== '/') return pendingRedirect;
  if (!me) return null;
  if (me.accountType === 'agency') return '/agency';
  if (me.accountType === 'employee' || me.role === 'employee') return '/employee-portal';
  if (me.accountType === 'business' || me.businessId) return '/business';
  return null;
}
