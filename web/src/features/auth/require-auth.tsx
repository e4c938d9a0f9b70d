// Login-required routes: a spinner while the session is determined, then /auth?redirect=… or the content.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@web/components/spinner';
import { authPathFor } from '@web/lib/redirect';
import { pathAfterSignOut } from '@web/features/white-label/remembered-brand';
import { useSession } from './session-provider';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, signedOut } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  // Signed out here by Sign Out: where the button is taking the visitor too (home, or the agency's sign-in page).
  // Sign Out to the agency's domain is a page load (goAfterSignOut); meanwhile this site's sign-in page.
  if (!user) return <Navigate to={signedOut ? pathAfterSignOut().replace(/^https?:\/\/[^/]+/, '') : authPathFor(location.pathname + location.search)} replace />;
  return children;
}
