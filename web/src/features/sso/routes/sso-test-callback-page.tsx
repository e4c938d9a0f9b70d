// /sso/test-callback (issue 24): where the owner's 'Test sign-in' comes back from the hosted UI, in its own tab. It
// trades the code for tokens (PKCE), shows the e-mail and name the identity provider sent — 'Test sign-in succeeded' —
// or 'SSO sign-in failed' with the reason, and keeps nothing: no tokens stored, the owner's own session untouched. A
// success is recorded by the API (issue 39: 'Require SSO' needs one), from the test's access token sent once.
import { ssoMessages, ssoTestMessages } from '@shared/messages/sso';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CenteredCard } from '@web/components/centered-card';
import { Spinner } from '@web/components/spinner';
import { getConfig } from '@web/lib/config';
import { isApiError } from '@web/lib/api-client';
import { recordTestSignIn } from '../api/sso';
import { finishTestSignIn, type TestSignInResult } from '../hosted-ui';

/** Whether the API recorded the successful test, or why not. */
type Recorded = { ok: true } | { ok: false; reason: string };

/** A trigger's refusal as Cognito words it ('PreSignUp failed with error <reason>.') → the reason. */
const reasonOf = (text: string) => text.replace(/^\w+ failed with error (.*?)\.?$/s, '$1');

export function SsoTestCallbackPage() {
  const [result, setResult] = useState<TestSignInResult | null>(null);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the code and the stored verifier are single-use (React's development double effect would spend them).
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    // The code leaves the address bar at once: a reload or a shared URL carries nothing.
    window.history.replaceState(null, '', window.location.pathname);
    finishTestSignIn(getConfig(), query)
      .then(async (outcome) => {
        if (outcome.ok) {
          const saved: Recorded = outcome.accessToken
            ? await recordTestSignIn(outcome.businessId, outcome.accessToken).then(
                () => ({ ok: true as const }),
                (error: unknown) => ({ ok: false as const, reason: isApiError(error) && error.status < 500 ? error.message : ssoTestMessages.tokenUnreachable }),
              )
            : { ok: false, reason: ssoTestMessages.tokenUnreachable };
          setRecorded(saved);
        }
        setResult(outcome);
      })
      .catch((error: unknown) => setResult({ ok: false, reason: error instanceof Error ? error.message : String(error) }));
  }, []);

  useEffect(() => {
    document.title = `${ssoTestMessages.pageTitle} | CardCrew`;
  }, []);

  if (!result) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-muted px-4" aria-busy="true">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {ssoTestMessages.checking}
        </p>
      </main>
    );
  }
  if (!result.ok) {
    return (
      <CenteredCard icon={<XCircle aria-hidden className="mx-auto mb-2 h-10 w-10 text-destructive" />} title={ssoMessages.signInFailed} description={ssoTestMessages.failedDescription}>
        <div className="grid gap-3 text-left">
          <p role="alert" className="break-words font-medium" data-testid="sso-test-reason">
            {reasonOf(result.reason)}
          </p>
          <p className="text-sm text-muted-foreground">{ssoTestMessages.closeHint}</p>
        </div>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard icon={<CheckCircle2 aria-hidden className="mx-auto mb-2 h-10 w-10 text-green-700" />} title={ssoTestMessages.succeeded} description={ssoTestMessages.succeededDescription}>
      <div className="grid w-full gap-3 text-left">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="sso-test-person">
          <dt className="font-medium">{ssoTestMessages.emailLabel}</dt>
          <dd className="min-w-0 break-all">{result.email ?? ssoTestMessages.notSent}</dd>
          <dt className="font-medium">{ssoTestMessages.nameLabel}</dt>
          <dd className="min-w-0 break-words">{result.name ?? ssoTestMessages.notSent}</dd>
        </dl>
        {recorded?.ok ? (
          <p role="status" className="text-sm font-medium" data-testid="sso-test-recorded">
            {ssoTestMessages.recorded}
          </p>
        ) : (
          <p role="alert" className="break-words text-sm font-medium text-destructive" data-testid="sso-test-recorded">
            {ssoTestMessages.notRecorded}: {recorded?.reason}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{ssoTestMessages.closeHint}</p>
      </div>
    </CenteredCard>
  );
}
