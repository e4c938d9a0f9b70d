// A Google round trip that came back cancelled or failed (spec 1 §8) lands on the site root: this sends the visitor
// back to /auth with the spec's message. It reads a flag (set by lib/auth.ts when Amplify reports the failure) rather
// than importing Amplify, so the root layout stays free of it.
import { sessionNotices } from '@shared/messages/session';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { GOOGLE_FAILED_EVENT, GOOGLE_FAILED_KEY, SSO_PENDING_KEY } from '@web/lib/google-sign-in-failure';

export function GoogleFailureRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    /** The failure (its reason, or '1'), and whether it ended an SSO round trip; null when nothing failed. */
    const takeFlag = (): { reason: string; sso: boolean } | null => {
      try {
        const reason = sessionStorage.getItem(GOOGLE_FAILED_KEY);
        const sso = sessionStorage.getItem(SSO_PENDING_KEY) !== null;
        sessionStorage.removeItem(GOOGLE_FAILED_KEY);
        if (reason !== null) sessionStorage.removeItem(SSO_PENDING_KEY);
        return reason === null ? null : { reason, sso };
      } catch {
        return null; // storage disabled: only the event can tell
      }
    };
    const backToAuth = (failure: { reason: string; sso: boolean } | null) => {
      if (failure?.sso) {
        // Issue 24: a refused single sign-on says so, with the reason, on /auth (the page shows it too).
        // Cognito wraps a trigger's refusal: 'PreSignUp failed with error <reason>.'; the person reads the reason.
        const reason = failure.reason === '1' ? '' : failure.reason.replace(/^\w+ failed with error (.*?)\.?$/s, '$1');
        toast.error('SSO sign-in failed', reason ? { description: reason } : undefined);
        void navigate('/auth', { replace: true, state: { ssoError: reason || 'SSO sign-in failed' } });
        return;
      }
      toast.error(sessionNotices.authError, { description: sessionNotices.googleFailed });
      void navigate('/auth', { replace: true });
    };
    const first = takeFlag();
    if (first) backToAuth(first);
    const onFailure = () => backToAuth(takeFlag());
    window.addEventListener(GOOGLE_FAILED_EVENT, onFailure);
    return () => window.removeEventListener(GOOGLE_FAILED_EVENT, onFailure);
  }, [navigate]);
  return null;
}
