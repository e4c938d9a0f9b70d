// /auth (spec 1 §2): sign in, sign up with an account type, e-mail confirmation code, forgotten password,
// and Google. Accepts ?redirect= (a same-origin path) and returns there after signing in. Opened from a white-labelled
// client's invitation (?invitation= or a redirect back to it), or by that client's person after signing out, it shows
// the agency's brand instead of CardCrew's.
import { messages } from '@shared/messages';
import { signInSchema } from '@shared/schemas/auth';
import type { Me } from '@shared/schemas/me';
import type { SignInOutput } from 'aws-amplify/auth';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { NativeSelect } from '@web/components/native-select';
import { PageSpinner, Spinner } from '@web/components/spinner';
import { getConfig } from '@web/lib/config';
import { apiRequest, isApiError } from '@web/lib/api-client';
import { SSO_PENDING_KEY } from '@web/lib/google-sign-in-failure';
import { ssoMessages } from '@shared/messages/sso';
import { ssoDiscoveredSchema, ssoDiscoverySchema, type SsoDiscovered } from '@shared/schemas/sso';
import { loadAuth } from '@web/lib/load-auth';
import { writePendingAccountType, writePendingRedirectPath, type PendingAccountType } from '@web/lib/pending-storage';
import { safeRedirectPath } from '@web/lib/redirect';
import { useHydrated } from '@web/lib/use-hydrated';
import { useBrandTheme } from '@web/lib/theme';
import { invitationTokenOf, useInvitationBrand } from '@web/features/white-label/use-invitation-brand';
import { useBrandChrome } from '@web/features/white-label/use-brand-chrome';
import { useRememberedBrand } from '@web/features/white-label/use-remembered-brand';
import { useSiteBrand } from '@web/features/white-label/site-brand';
import { takeDomainRefusal } from '../session-start';
import { onAgencyDomain } from '@web/features/white-label/on-agency-domain';
import { BRAND_PENDING_STYLE_ID } from '@web/features/white-label/remembered-brand';
import { toastAuthError, toastFillAllFields } from '../auth-errors';
import { AuthShell } from '../components/auth-shell';
import { signUpRequestOf } from '../sign-up-link';
import { useSession } from '../session-provider';

const GOOGLE_UNAVAILABLE_TITLE = 'Google sign-in is not configured';
const GOOGLE_UNAVAILABLE = 'This deployment has no Cognito domain. Use your email and password instead.';
const googleNoteId = 'google-sign-in-note';

type Step = 'signIn' | 'signUp' | 'confirm' | 'newPassword' | 'forgot' | 'forgotConfirm' | 'sso';

const accountTypeHelp: Record<PendingAccountType, string> = {
  business: messages.auth.businessHelper,
  agency: messages.auth.agencyHelper,
};

export function AuthPage() {
  const { user, loading, refreshMe } = useSession();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const navigate = useNavigate();
  const config = getConfig();

  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accountType, setAccountType] = useState<PendingAccountType>('business');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  /** Whether the confirmation step was reached from sign-up (so the chosen account type applies). */
  const [confirmingSignUp, setConfirmingSignUp] = useState(false);
  const [busy, setBusy] = useState(false);
  // 'Sign in with SSO' (issue 24): the problem with the typed work e-mail, or a refused round trip's reason.
  const location = useLocation();
  const [ssoError, setSsoError] = useState<string | null>(() => (location.state as { ssoError?: string } | null)?.ssoError ?? null);
  const [ssoChoices, setSsoChoices] = useState<SsoDiscovered | null>(null);
  /** Set while this page signs someone in, so the "already signed in" redirect does not race its own navigation. */
  const [signingIn, setSigningIn] = useState(false);
  /** Shown under the Google button after it was pressed in local mode. */
  const [googleUnavailable, setGoogleUnavailable] = useState(false);
  // Opened as sign-up with an account type (the landing's Choose Agency, issue 40): applied once hydrated, so the
  // prerendered sign-in and the first render agree; once per link, so the person may still switch to sign-in.
  const signUpRequest = hydrated ? signUpRequestOf(params) : null;
  const [appliedSignUp, setAppliedSignUp] = useState<string | null>(null);
  const signUpKey = signUpRequest ? `signup:${signUpRequest.accountType}` : null;
  if (signUpRequest && signUpKey !== appliedSignUp) {
    setAppliedSignUp(signUpKey);
    setStep('signUp');
    setAccountType(signUpRequest.accountType);
  }
  // Opened from a white-labelled client's invitation: the agency's brand, colours and tab (issue 21 §1). Without one,
  // the brand the server last gave this browser's signed-in person, kept past Sign Out (issue 40); the invitation
  // decides when there is one (an invitation to a direct customer's company is CardCrew's).
  const invitationToken = invitationTokenOf(params, redirect);
  const invitation = useInvitationBrand(invitationToken);
  const remembered = useRememberedBrand();
  // On an agency's custom domain its brand, for everyone who opens it (an invitation there is to one of its clients).
  const { site, pending: sitePending } = useSiteBrand();
  const onDomain = onAgencyDomain();
  const brand = invitationToken === null ? (site?.brand ?? remembered) : (invitation.brand ?? site?.brand ?? null);
  /** The API refused who signed in here: not one of this agency's clients' people (on its domain only). */
  const [refusal, setRefusal] = useState<string | null>(null);
  useBrandChrome(brand);
  useBrandTheme(brand?.colors);
  // Drawn in CardCrew's brand after all (nothing valid kept): the prerendered page's hiding of its mark ends.
  useEffect(() => {
    if (hydrated && !brand) document.getElementById(BRAND_PENDING_STYLE_ID)?.remove();
  }, [hydrated, brand]);

  if (loading || invitation.pending || sitePending) return <PageSpinner />;
  if (user && !signingIn) return <Navigate to={redirect ?? '/'} replace />;

  const username = email.trim();

  /** Runs an auth action with the busy flag and the spec's error toasts. */
  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setSigningIn(false);
      toastAuthError(error);
    } finally {
      setBusy(false);
    }
  }

  function switchTo(next: Step) {
    setStep(next);
    setCode('');
    setNewPassword('');
  }

  async function handleSignInOutput(output: SignInOutput, afterConfirmation: boolean) {
    if (output.isSignedIn) {
      const me = await refreshMe();
      const refused = takeDomainRefusal();
      if (refused) {
        setSigningIn(false);
        setRefusal(refused);
        return;
      }
      toast.success(messages.auth.signedIn);
      navigate(afterConfirmation ? pathAfterConfirmation(me, accountType) : (redirect ?? '/'), { replace: true });
      return;
    }
    setSigningIn(false);
    switch (output.nextStep.signInStep) {
      case 'CONFIRM_SIGN_UP': {
        const { resendSignUpCode } = await loadAuth();
        await resendSignUpCode({ username });
        setConfirmingSignUp(false);
        switchTo('confirm');
        toast.info(messages.auth.checkEmail);
        return;
      }
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        switchTo('newPassword');
        return;
      default:
        toast.error(messages.auth.authError, { description: `This sign-in step is not supported here (${output.nextStep.signInStep}).` });
    }
  }

  function signInWithPassword(afterConfirmation: boolean) {
    setSigningIn(true);
    return loadAuth().then(({ signIn }) => signIn({ username, password, options: { authFlowType: config.authFlow } })).then((output) =>
      handleSignInOutput(output, afterConfirmation),
    );
  }

  function onCredentialsSubmit(event: FormEvent) {
    event.preventDefault();
    if (!signInSchema.safeParse({ email, password }).success) return toastFillAllFields();
    if (step === 'signIn') return void run(() => signInWithPassword(false));
    void run(async () => {
      const { signUp } = await loadAuth();
      const { nextStep } = await signUp({ username, password, options: { userAttributes: { email: username } } });
      writePendingAccountType(accountType);
      setConfirmingSignUp(true);
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        toast.success(messages.auth.checkEmail);
        switchTo('confirm');
      } else {
        await signInWithPassword(true);
      }
    });
  }

  function onConfirmSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return toastFillAllFields();
    void run(async () => {
      const { confirmSignUp } = await loadAuth();
      await confirmSignUp({ username, confirmationCode: code.trim() });
      if (confirmingSignUp) writePendingAccountType(accountType);
      if (!password) {
        toast.success('Your email is confirmed. Please sign in.');
        switchTo('signIn');
        return;
      }
      await signInWithPassword(true);
    });
  }

  function onResendCode() {
    void run(async () => {
      const { resendSignUpCode } = await loadAuth();
      await resendSignUpCode({ username });
      toast.success('A new confirmation code has been sent to your email.');
    });
  }

  function onNewPasswordSubmit(event: FormEvent) {
    event.preventDefault();
    if (!newPassword) return toastFillAllFields();
    void run(async () => {
      setSigningIn(true);
      const { confirmSignIn } = await loadAuth();
      const output = await confirmSignIn({ challengeResponse: newPassword });
      setPassword(newPassword);
      await handleSignInOutput(output, false);
    });
  }

  function onForgotSubmit(event: FormEvent) {
    event.preventDefault();
    if (!username) return toastFillAllFields();
    void run(async () => {
      const { resetPassword } = await loadAuth();
      const { nextStep } = await resetPassword({ username });
      if (nextStep.resetPasswordStep === 'DONE') {
        switchTo('signIn');
        return;
      }
      toast.success('We sent a reset code to your email.');
      switchTo('forgotConfirm');
    });
  }

  function onForgotConfirmSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || !newPassword) return toastFillAllFields();
    void run(async () => {
      const { confirmResetPassword } = await loadAuth();
      await confirmResetPassword({ username, confirmationCode: code.trim(), newPassword });
      toast.success('Your password has been reset. Please sign in.');
      setPassword('');
      switchTo('signIn');
    });
  }

  async function onSsoSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ssoDiscoverySchema.safeParse({ email });
    if (!parsed.success) return setSsoError(parsed.error.issues[0]?.message ?? ssoMessages.emailInvalid);
    setBusy(true);
    try {
      const { idpIdentifier, providers } = await apiRequest('/api/sso/discover', { method: 'POST', body: parsed.data, auth: false, schema: ssoDiscoveredSchema });
      if (!config.oauthDomain) throw new Error(GOOGLE_UNAVAILABLE);
      setSsoError(null);
      // During a move to another IdP the company has two: the person picks the one they sign in with.
      if (providers.length > 1) {
        setSsoChoices({ idpIdentifier, providers });
        setBusy(false);
        return;
      }
      await goToSso(idpIdentifier);
    } catch (error) {
      setSsoError(isApiError(error) && error.status === 404 ? ssoMessages.noSsoForDomain : error instanceof Error ? error.message : ssoMessages.signInFailed);
      setBusy(false);
    }
  }

  async function goToSso(idpIdentifier: string, providerName?: string) {
    // The deep link survives the round trip (spec 1 §2), as with Google.
    if (redirect && redirect !== '/') writePendingRedirectPath(redirect);
    try {
      sessionStorage.setItem(SSO_PENDING_KEY, '1');
    } catch {
      // storage disabled: a failure then reads as the general sign-in failure
    }
    await (await loadAuth()).signInWithSso(idpIdentifier, providerName);
  }


  function onSsoChoice(providerName: string) {
    if (!ssoChoices) return;
    setBusy(true);
    goToSso(ssoChoices.idpIdentifier, providerName).catch((error: unknown) => {
      setSsoError(error instanceof Error ? error.message : ssoMessages.signInFailed);
      setBusy(false);
    });
  }

  function onGoogle() {
    if (!config.oauthDomain) {
      // An inline note (a status region) rather than a toast: it stays until read, and is announced once.
      setGoogleUnavailable(true);
      return;
    }
    // The redirect and the chosen account type must survive the round trip through Google (spec 1 §2); a sign-up
    // without a redirect goes on where a confirmed password sign-up goes (business onboarding for a business).
    const after = redirect ?? (step === 'signUp' ? pathAfterConfirmation(null, accountType) : null);
    if (after && after !== '/') writePendingRedirectPath(after);
    if (step === 'signUp') writePendingAccountType(accountType);
    void run(() => loadAuth().then((auth) => auth.signInWithGoogle()));
  }

  const submitLabel = (idle: string) => (busy ? <Spinner label="Please wait…" className="[&_svg]:size-4 [&_svg]:text-current" /> : idle);
  const emailField = (
    <FormField label="Email">
      <Input type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
    </FormField>
  );

  if (step === 'sso' && ssoChoices) {
    return (
      <AuthShell brand={brand} title="Sign in with SSO" description={ssoMessages.chooseProvider}>
        <ul className="grid gap-3" aria-label={ssoMessages.chooseProvider}>
          {ssoChoices.providers.map((p) => (
            <li key={p.providerName}>
              <Button className="w-full" variant="outline" disabled={busy} onClick={() => onSsoChoice(p.providerName)}>
                {ssoMessages.continueWith(p.label)}
              </Button>
            </li>
          ))}
        </ul>
        {ssoError && (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {ssoError}
          </p>
        )}
        <Button className="mt-4 w-full" variant="ghost" onClick={() => setSsoChoices(null)}>
          Back
        </Button>
      </AuthShell>
    );
  }

  if (step === 'sso') {
    return (
      <AuthShell brand={brand} title="Sign in with SSO" description="Use your work e-mail: your company’s identity provider signs you in.">
        <form noValidate onSubmit={(e) => void onSsoSubmit(e)} className="grid gap-4">
          <FormField label="Work email" error={ssoError ?? undefined}>
            <Input type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={busy}>
            {submitLabel('Continue')}
          </Button>
          <Button variant="ghost" onClick={() => switchTo('signIn')}>
            Back to Sign In
          </Button>
        </form>
      </AuthShell>
    );
  }

  if (step === 'confirm') {
    return (
      <AuthShell brand={brand} title="Confirm your email" description={<>We sent a confirmation code to {username || 'your email'}.</>}>
        <form noValidate onSubmit={onConfirmSubmit} className="grid gap-4">
          <FormField label="Confirmation code">
            <Input name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={busy}>
            {submitLabel('Confirm')}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="link" size="inline" onClick={onResendCode} disabled={busy}>
              Resend code
            </Button>
            {config.local && config.mailboxUrl && (
              <a href={config.mailboxUrl} target="_blank" rel="noreferrer" className="text-sm font-medium text-secondary underline-offset-4 hover:underline">
                Open the local mailbox
              </a>
            )}
          </div>
          <Button variant="ghost" onClick={() => switchTo('signIn')}>
            Back to Sign In
          </Button>
        </form>
      </AuthShell>
    );
  }

  if (step === 'newPassword') {
    return (
      <AuthShell brand={brand} title="Choose a new password" description="Your account needs a new password before you can continue.">
        <form noValidate onSubmit={onNewPasswordSubmit} className="grid gap-4">
          <FormField label="New password">
            <Input type="password" name="new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={busy}>
            {submitLabel('Set Password')}
          </Button>
        </form>
      </AuthShell>
    );
  }

  if (step === 'forgot' || step === 'forgotConfirm') {
    return (
      <AuthShell
        brand={brand}
        title="Reset your password"
        description={step === 'forgot' ? 'Enter your email and we will send you a reset code.' : `Enter the code we sent to ${username} and a new password.`}
      >
        {step === 'forgot' ? (
          <form noValidate onSubmit={onForgotSubmit} className="grid gap-4">
            {emailField}
            <Button type="submit" disabled={busy}>
              {submitLabel('Send Reset Code')}
            </Button>
            <Button variant="ghost" onClick={() => switchTo('signIn')}>
              Back to Sign In
            </Button>
          </form>
        ) : (
          <form noValidate onSubmit={onForgotConfirmSubmit} className="grid gap-4">
            <FormField label="Reset code">
              <Input name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
            </FormField>
            <FormField label="New password">
              <Input type="password" name="new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
            </FormField>
            <Button type="submit" disabled={busy}>
              {submitLabel('Reset Password')}
            </Button>
            <Button variant="ghost" onClick={() => switchTo('signIn')}>
              Back to Sign In
            </Button>
          </form>
        )}
      </AuthShell>
    );
  }

  const signingUp = step === 'signUp';
  return (
    <AuthShell
      brand={brand}
      title={signingUp ? 'Create your account' : `Sign in to ${brand?.name ?? 'CardCrew'}`}
      description={signingUp ? 'Start creating digital business cards for your team.' : 'Welcome back! Sign in to manage your cards.'}
    >
      {/* The prerendered sign-in is inert until hydrated (lib/use-hydrated.ts). */}
      <fieldset disabled={!hydrated} className="contents">
      <form noValidate onSubmit={onCredentialsSubmit} className="grid gap-4">
        {emailField}
        <FormField label="Password">
          <Input
            type="password"
            name="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        {signingUp && (
          <>
            <FormField label="Account Type" hint={accountTypeHelp[accountType]}>
              <NativeSelect name="accountType" value={accountType} onChange={(e) => setAccountType(e.target.value as PendingAccountType)}>
                <option value="business">Business Owner</option>
                <option value="agency">Marketing Agency</option>
              </NativeSelect>
            </FormField>
            {accountType === 'business' && (
              <p className="rounded-md border border-secondary/30 bg-secondary/5 p-3 text-sm">
                After confirming your email, you&apos;ll be redirected to complete your business setup.
              </p>
            )}
          </>
        )}
        {!signingUp && (
          <Button variant="link" size="inline" className="justify-self-end" onClick={() => switchTo('forgot')}>
            Forgot password?
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {submitLabel(signingUp ? 'Sign Up' : 'Sign In')}
        </Button>
      </form>

      {refusal && (
        <div role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-foreground">
          {refusal}{' '}
          {site && (
            <a className="font-medium underline underline-offset-4" href={`${site.platformOrigin}/auth`}>
              Go to the platform’s sign-in
            </a>
          )}
        </div>
      )}
      <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" className="w-full" onClick={onGoogle} disabled={busy} aria-describedby={googleUnavailable ? googleNoteId : undefined}>
        <GoogleMark />
        Continue with Google
      </Button>
      {!signingUp && (
        <Button variant="outline" className="mt-3 w-full" onClick={() => { setSsoError(null); switchTo('sso'); }} disabled={busy}>
          Sign in with SSO
        </Button>
      )}
      {ssoError && !signingUp && (
        <div role="alert" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-foreground">
          <strong>{ssoMessages.signInFailed}.</strong> {ssoError}
        </div>
      )}
      {/* Always rendered, so screen readers announce the note when it appears. */}
      <div role="status" id={googleNoteId}>
        {googleUnavailable && (
          <p className="mt-3 rounded-md border bg-muted p-3 text-sm text-foreground">
            <strong>{GOOGLE_UNAVAILABLE_TITLE}.</strong> {GOOGLE_UNAVAILABLE}
          </p>
        )}
      </div>

      {/* On an agency's domain an account is made through an invitation only (the agency adds its clients' people). */}
      {(!onDomain || invitationToken !== null || signingUp) && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
          <Button variant="link" size="inline" onClick={() => switchTo(signingUp ? 'signIn' : 'signUp')}>
            {signingUp ? 'Sign in' : 'Sign up'}
          </Button>
        </p>
      )}
      </fieldset>
    </AuthShell>
  );
}

/** Spec 1 §4: after e-mail confirmation a business goes to /business-onboarding, an agency to the site root. */
function pathAfterConfirmation(me: Me | null, chosen: PendingAccountType): string {
  const accountType = me?.accountType ?? chosen;
  return accountType === 'business' ? '/business-onboarding' : '/';
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.56c2.08-1.92 3.28-4.74 3.28-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.77c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
    </svg>
  );
}
