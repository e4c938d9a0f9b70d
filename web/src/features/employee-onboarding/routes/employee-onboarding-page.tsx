// /employee-onboarding?id={invitation token} (spec 1 §2 'Employee onboarding'): the invited employee creates an
// account (or signs in) with the e-mail of their employee record; the account is then linked to the employee by one
// server call, and the page shows their profile, their card and 'Go to Portal'. In the business's colours.
import { messages } from '@shared/messages';
import { onboardingMessages } from '@shared/messages/onboarding';
import { employeeAuthSchema, type EmployeeAuthMode } from '@shared/schemas/employee-auth';
import type { InvitationView } from '@shared/schemas/invitation';
import { AuthError, confirmSignUp, resendSignUpCode, signIn, signUp } from 'aws-amplify/auth';
import { signInWithGoogle } from '@web/lib/auth';
import { ArrowRight, Home } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { PageSpinner, Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { getConfig } from '@web/lib/config';
import { writePendingRedirectPath } from '@web/lib/pending-storage';
import { useBrandTheme } from '@web/lib/theme';
import { useSession } from '@web/features/auth/session-provider';
import { Avatar } from '@web/components/avatar';
import { useMyEmployee } from '@web/features/employee-portal/api/my-employee';
import { MyPhotoField, ProfileSection } from '@web/features/employee-portal/components/profile-section';
import { DownloadCardButton } from '@web/features/card-image/download-card-button';
import { acceptInvitation, useInvitation } from '../api/invitation';
import { OnboardingCardBlock } from '../components/onboarding-card-block';
import { CenteredCard } from '@web/components/centered-card';
import { useBrandChrome } from '@web/features/white-label/use-brand-chrome';
import { chromeColorsOf } from '@web/features/white-label/chrome-colors';
import { useHomePath } from '@web/features/white-label/use-remembered-brand';

const GOOGLE_UNAVAILABLE = 'Google sign-in is not configured for this deployment. Use your email and a password instead.';

export function EmployeeOnboardingPage() {
  const [params] = useSearchParams();
  const token = params.get('id') ?? '';
  const invitation = useInvitation(token);
  const [linked, setLinked] = useState(false);
  const [invalid, setInvalid] = useState(false);

  // The business's colours, or its agency's for a white-labelled client (issue 21 §1).
  useBrandTheme(invitation.data ? chromeColorsOf(invitation.data.business, invitation.data.brand) : null);
  // A white-labelled client's invitation opens in its agency's brand (issue 21).
  useBrandChrome(invitation.data?.brand);

  if (invitation.isPending) return <PageSpinner />;
  if (invalid || invitation.isError) {
    const notFound = invalid || (isApiError(invitation.error) && (invitation.error.status === 404 || invitation.error.status === 400));
    return notFound ? <InvalidInvitation /> : <LoadFailed onRetry={() => void invitation.refetch()} />;
  }
  return (
    <OnboardingShell view={invitation.data}>
      {linked ? (
        <Linked view={invitation.data} />
      ) : (
        <JoinForm view={invitation.data} token={token} onLinked={() => setLinked(true)} onInvalid={() => setInvalid(true)} />
      )}
    </OnboardingShell>
  );
}

function OnboardingShell({ view, children }: { view: InvitationView; children: ReactNode }) {
  const { business } = view;
  return (
    <div className="min-h-dvh bg-muted">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-4">
          {business.logoUrl ? (
            <img src={business.logoUrl} alt={`${business.name} logo`} className="size-10 shrink-0 rounded-lg object-contain" />
          ) : (
            <Avatar name={business.name} size="sm" shape="square" />
          )}
          <div className="min-w-0">
            <p className="truncate text-lg font-bold">{business.name}</p>
            <Badge variant="secondary">Employee Portal</Badge>
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6">{children}</main>
    </div>
  );
}

type Step = 'form' | 'confirm';

/** One toast for the account's state: 'check your email' while unconfirmed, then what happened once it is. */
const ACCOUNT_TOAST = 'onboarding-account';

function JoinForm({ view, token, onLinked, onInvalid }: { view: InvitationView; token: string; onLinked: () => void; onInvalid: () => void }) {
  const { user, refreshMe, signOut } = useSession();
  const config = getConfig();
  const [mode, setMode] = useState<EmployeeAuthMode>('signUp');
  const [step, setStep] = useState<Step>('form');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [googleNote, setGoogleNote] = useState(false);
  const email = view.employee.email;

  /** The one server call that links the signed-in account to this employee. */
  async function link() {
    try {
      await acceptInvitation(token);
    } catch (error) {
      if (isApiError(error) && error.status === 404) return onInvalid();
      if (isApiError(error) && error.status === 401) return void toast.error('Error', { description: onboardingMessages.signInAgain });
      const known = isApiError(error) && (error.status === 403 || error.status === 409);
      toast.error('Error', { description: known ? (error as Error).message : onboardingMessages.linkFailed });
      return;
    }
    await refreshMe();
    onLinked();
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastOnboardingAuthError(error, () => setMode('signIn'));
    } finally {
      setBusy(false);
    }
  }

  async function signInAndLink() {
    const output = await signIn({ username: email, password, options: { authFlowType: config.authFlow } });
    if (!output.isSignedIn) {
      if (output.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        await resendSignUpCode({ username: email });
        setStep('confirm');
        toast.info(messages.auth.checkEmail, { id: ACCOUNT_TOAST });
        return;
      }
      toast.error(onboardingMessages.authFailedTitle, { description: onboardingMessages.authFailed });
      return;
    }
    // The same toast: once the code is confirmed, 'check your email' no longer fits and is replaced (issue 27 §3).
    toast.success(mode === 'signUp' ? onboardingMessages.accountCreated : onboardingMessages.signedIn, { id: ACCOUNT_TOAST });
    await link();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = employeeAuthSchema(email, mode).safeParse({ email, password, confirmPassword });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    void run(async () => {
      if (mode === 'signIn') return signInAndLink();
      const { nextStep } = await signUp({ username: email, password, options: { userAttributes: { email } } });
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        toast.success(messages.auth.checkEmail, { id: ACCOUNT_TOAST });
        setStep('confirm');
        return;
      }
      await signInAndLink();
    });
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return void toast.error('Error', { description: onboardingMessages.fillRequired });
    void run(async () => {
      await confirmSignUp({ username: email, confirmationCode: code.trim() });
      await signInAndLink();
    });
  }

  function onGoogle() {
    if (!config.oauthDomain) {
      setGoogleNote(true);
      return;
    }
    writePendingRedirectPath(`/employee-onboarding?id=${encodeURIComponent(token)}`);
    toast.info(onboardingMessages.googlePending);
    void run(() => signInWithGoogle());
  }

  const heading = (
    <CardHeader className="text-center">
      <CardTitle as="h1" className="text-2xl">
        Welcome to {view.business.name}
      </CardTitle>
      <CardDescription>Hi {view.employee.name}! Create your account to see and share your digital business card.</CardDescription>
    </CardHeader>
  );

  if (user) {
    // Already signed in: link this account, or sign out to use the invited address.
    const same = user.email.trim().toLowerCase() === email.trim().toLowerCase();
    return (
      <Card className="mx-auto w-full max-w-md">
        {heading}
        <CardContent className="grid gap-3">
          <p className="text-sm">
            You are signed in as <span className="font-medium break-all">{user.email}</span>.
          </p>
          {!same && <p className="text-sm text-destructive">{onboardingMessages.emailMismatch}</p>}
          {/* Long addresses wrap instead of widening the card past a phone's screen. */}
          <Button className="h-auto! py-2 whitespace-normal! wrap-anywhere" disabled={busy || !same} onClick={() => void run(link)}>
            {busy && <Spinner label="Please wait…" className="[&_svg]:size-4 [&_svg]:text-current" />}
            Continue as {user.email}
          </Button>
          <Button variant="outline" className="h-auto! py-2 whitespace-normal! wrap-anywhere" disabled={busy} onClick={() => void signOut()}>
            Sign out and use {email}
          </Button>
        </CardContent>
      </Card>
    );
  }

  if (step === 'confirm') {
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Confirm your email
          </CardTitle>
          <CardDescription>We sent a confirmation code to {email}.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onConfirm} className="grid gap-4">
            <FormField label="Confirmation code">
              <Input name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
            </FormField>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label="Please wait…" className="[&_svg]:size-4 [&_svg]:text-current" /> : 'Confirm & Continue'}
            </Button>
            {config.local && config.mailboxUrl && (
              <a href={config.mailboxUrl} target="_blank" rel="noreferrer" className="text-center text-sm font-medium text-secondary underline-offset-4 hover:underline">
                Open the local mailbox
              </a>
            )}
          </form>
        </CardContent>
      </Card>
    );
  }

  const signingUp = mode === 'signUp';
  return (
    <Card className="mx-auto w-full max-w-md">
      {heading}
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Email" hint="Your company email, from your employee record." error={errors.email}>
            <Input type="email" name="email" value={email} readOnly autoComplete="username" />
          </FormField>
          <FormField label="Password" required error={errors.password} hint={signingUp ? 'At least 6 characters.' : undefined}>
            <Input type="password" name="password" autoComplete={signingUp ? 'new-password' : 'current-password'} value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          {signingUp && (
            <FormField label="Confirm Password" required error={errors.confirmPassword}>
              <Input type="password" name="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
            </FormField>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner label="Please wait…" className="[&_svg]:size-4 [&_svg]:text-current" /> : signingUp ? 'Create Account & Continue' : 'Sign In & Continue'}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={onGoogle} aria-describedby={googleNote ? 'onboarding-google-note' : undefined}>
            Continue with Google
          </Button>
          {googleNote && (
            <p id="onboarding-google-note" role="status" className="text-sm text-muted-foreground">
              {GOOGLE_UNAVAILABLE}
            </p>
          )}
          <p className="text-center text-sm text-muted-foreground">
            {signingUp ? 'Already have an account? ' : 'New here? '}
            <Button
              type="button"
              variant="link"
              size="inline"
              onClick={() => {
                setErrors({});
                setMode(signingUp ? 'signIn' : 'signUp');
              }}
            >
              {signingUp ? 'Sign in' : 'Create an account'}
            </Button>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

/** Spec 1 §8 for this page: an existing account switches to sign-in; wrong credentials; any other auth failure. */
function toastOnboardingAuthError(error: unknown, switchToSignIn: () => void) {
  const name = error instanceof Error ? error.name : '';
  if (name === 'UsernameExistsException') {
    toast.error(onboardingMessages.accountExistsTitle, { description: onboardingMessages.accountExists });
    switchToSignIn();
    return;
  }
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
    toast.error(onboardingMessages.invalidCredentialsTitle, { description: onboardingMessages.invalidCredentials });
    return;
  }
  if (error instanceof AuthError || name.endsWith('Exception')) {
    toast.error(onboardingMessages.authFailedTitle, { description: (error as Error).message });
    return;
  }
  console.error(error);
  toast.error(onboardingMessages.authFailedTitle, { description: onboardingMessages.authFailed });
}

/** After linking: 'Welcome to {business}!', the profile card, the card block and 'Go to Portal'. */
function Linked({ view }: { view: InvitationView }) {
  const mine = useMyEmployee();
  const navigate = useNavigate();
  return (
    <>
      <h1 className="text-2xl font-bold">Welcome to {view.business.name}!</h1>
      {mine.isPending ? (
        <PageSpinner />
      ) : mine.isError ? (
        <p className="text-destructive">{onboardingMessages.employeeDataMissing}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ProfileSection employee={mine.data.employee} photoField={<MyPhotoField employee={mine.data.employee} />} />
          <OnboardingCardBlock
            data={mine.data}
            downloadButton={<DownloadCardButton employee={mine.data.employee} business={mine.data.business} size="onboarding" label="Download Digital Card" />}
          />
        </div>
      )}
      <div>
        <Button size="lg" onClick={() => navigate('/employee-portal')}>
          Go to Portal
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </>
  );
}

function InvalidInvitation() {
  // A white-labelled client's person who was signed in here goes to the agency's sign-in page (issue 40).
  const { user } = useSession();
  const home = useHomePath(user !== null);
  return (
    <CenteredCard title={messages.invitation.invalidTitle} description={messages.invitation.invalid}>
      <Button asChild>
        <Link to={home}>
          <Home aria-hidden />
          Go to Homepage
        </Link>
      </Button>
    </CenteredCard>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredCard title="Error" description={onboardingMessages.loadFailed}>
      <Button onClick={onRetry}>Try Again</Button>
    </CenteredCard>
  );
}
