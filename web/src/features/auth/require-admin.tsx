// /admin (spec 1 §2, §6): signed-out visitors go to /auth?redirect=…, signed-in users outside the admin group to
// /auth (which sends them on to their own home, so there is no redirect loop back to /admin).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { RequireAuth } from './require-auth';
import { useSession } from './session-provider';

export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AdminOnly>{children}</AdminOnly>
    </RequireAuth>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { me } = useSession();
  if (!me?.isAdmin) return <Navigate to="/auth" replace />;
  return children;
}
