// Login-required routes: a spinner while the session is determined, then /auth?redirect=… or the content.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@web/lib/router';
import { PageSpinner } from '@web/components/spinner';
import { authPathFor } from '@web/lib/redirect';
import { useSession } from './session-provider';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={authPathFor(location.pathname + location.search)} replace />;
  return children;
}
