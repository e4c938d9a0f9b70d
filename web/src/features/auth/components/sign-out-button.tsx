// 'Sign Out' in the headers of the signed-in pages (dashboard, portal, agency, admin): signs out with the session's
// toasts (spec 1 §8) and goes home — a white-labelled client's person to the agency's sign-in page instead (issue 40).
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '@web/components/button';
import { goAfterSignOut } from '@web/features/white-label/remembered-brand';
import { useSession } from '../session-provider';

export function SignOutButton({ variant = 'outline' }: { variant?: ButtonVariant }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={async () => {
        if (await signOut()) goAfterSignOut(navigate);
      }}
    >
      <LogOut aria-hidden />
      Sign Out
    </Button>
  );
}
