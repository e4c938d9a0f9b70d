// The top navigation bound to the session: who is signed in, and Sign Out (spec 1 §2, §8) going home afterwards (a
// white-labelled client's person to the agency's sign-in page, issue 40).
import { useNavigate } from 'react-router';
import { TopNav } from '@web/components/top-nav';
import { goAfterSignOut } from '@web/features/white-label/remembered-brand';
import { useSession } from '../session-provider';

export function SiteTopNav() {
  const { user, me, loading, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <TopNav
      user={user ? { email: user.email, isAdmin: me?.isAdmin ?? false } : null}
      loading={loading}
      onSignOut={async () => {
        // signOut shows 'Successfully signed out' or 'Error' with the provider's message.
        if (await signOut()) goAfterSignOut(navigate, { replace: true });
      }}
    />
  );
}
