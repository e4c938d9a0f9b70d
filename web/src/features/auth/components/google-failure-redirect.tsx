// A Google round trip that came back cancelled or failed (spec 1 §8) lands on the site root: this sends the visitor
// back to /auth with the spec's message. It reads a flag (set by lib/auth.ts when Amplify reports the failure) rather
// than importing Amplify, so the root layout stays free of it.
import { messages } from '@shared/messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { GOOGLE_FAILED_EVENT, GOOGLE_FAILED_KEY } from '@web/lib/google-sign-in-failure';

export function GoogleFailureRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const takeFlag = () => {
      try {
        const failed = sessionStorage.getItem(GOOGLE_FAILED_KEY) !== null;
        sessionStorage.removeItem(GOOGLE_FAILED_KEY);
        return failed;
      } catch {
        return false; // storage disabled: only the event can tell
      }
    };
    const backToAuth = () => {
      // Toasts load with the first one (sonner is not part of a public page's first load).
      void import('sonner').then(({ toast }) => toast.error(messages.auth.authError, { description: messages.onboarding.googleFailed }));
      void navigate('/auth', { replace: true });
    };
    if (takeFlag()) backToAuth();
    const onFailure = () => {
      takeFlag();
      backToAuth();
    };
    window.addEventListener(GOOGLE_FAILED_EVENT, onFailure);
    return () => window.removeEventListener(GOOGLE_FAILED_EVENT, onFailure);
  }, [navigate]);
  return null;
}
