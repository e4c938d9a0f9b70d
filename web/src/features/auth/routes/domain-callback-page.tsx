// /auth/callback on an agency's custom domain: where a Google or SSO sign-in started there comes back (through the
// platform's /api/sign-in/relay). It trades the code for the session (domain-sign-in.ts), hands it to Amplify and goes
// on to the domain's home page, which sends a signed-in person to their dashboard or portal; a failure goes back to the
// sign-in page with the reason. On the platform's own address there is nothing to finish: on to /auth.
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ssoMessages } from '@shared/messages/sso';
import { Spinner } from '@web/components/spinner';
import { getConfig } from '@web/lib/config';
import { loadAuth } from '@web/lib/load-auth';
import { onAgencyDomain } from '@web/features/white-label/on-agency-domain';
import { finishDomainSignIn } from '../domain-sign-in';

export function DomainCallbackPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  const onDomain = onAgencyDomain();

  useEffect(() => {
    // Once: the code and the stored verifier are single-use (React's development double effect would spend them).
    if (!onDomain || started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    // The code leaves the address bar at once: a reload or a shared URL carries nothing.
    window.history.replaceState(null, '', window.location.pathname);
    const fail = (reason: string) => navigate('/auth', { replace: true, state: { ssoError: reason } });
    finishDomainSignIn(getConfig(), query)
      .then(async (outcome) => {
        if (!outcome.ok) return fail(outcome.reason);
        await (await loadAuth()).adoptTokens(outcome.tokens);
        // A page load, so the session starts as after any sign-in (the home page reads it and sends the person on).
        window.location.replace('/');
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : ssoMessages.signInFailed));
  }, [navigate, onDomain]);

  if (!onDomain) return <Navigate to="/auth" replace />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4" aria-busy="true">
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Signing you in…
      </p>
    </main>
  );
}
