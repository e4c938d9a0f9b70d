// /profile (spec 1 §2): signed-in users go to /business, others to /auth.
import { Navigate } from 'react-router';
import { RequireAuth } from '@web/features/auth/require-auth';

export function ProfilePage() {
  return (
    <RequireAuth>
      <Navigate to="/business" replace />
    </RequireAuth>
  );
}
