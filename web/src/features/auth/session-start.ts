// Reading the session as early as a signed-in page allows (issue 25 §1). main.tsx starts it at boot, beside the page's
// code, and SessionProvider picks up that read instead of starting its own. The ID token Amplify stored is read
// without Amplify when it is good for a while (lib/load-auth.ts), and the last /api/me answer is kept in local storage
// for the same user: a returning user's page draws at once from it while /api/me is asked again (and then wins).
import type { Me } from '@shared/schemas/me';
import { getConfig } from '@web/lib/config';
import { loadAuth, storedIdToken } from '@web/lib/load-auth';
import { clearPendingAccountType, readPendingAccountType } from '@web/lib/pending-storage';
import { rememberBrand } from '@web/features/white-label/remembered-brand';
import { onAgencyDomain } from '@web/features/white-label/on-agency-domain';
import { isApiError } from '@web/lib/api-client';
import { postMe } from './api/post-me';
import { forgetLabels } from './kept-labels';

export interface SessionUser {
  userId: string;
  email: string;
  emailVerified: boolean;
}

export interface SessionState {
  user: SessionUser | null;
  me: Me | null;
}

/** The last /api/me answer of this browser's signed-in user (cleared on sign-out). */
export const ME_CACHE_KEY = 'cardcrew.session';

let started: Promise<SessionState> | null = null;
/** Whether this page load may draw from the kept session: a signed-in page's boot only (startSession). */
let keptSessionAllowed = false;

/**
 * A signed-in page's boot: starts reading the session (token, then POST /api/me) now, and lets the page draw from the
 * kept one meanwhile; the SessionProvider takes this read over. A public page never draws from the kept session (it
 * would act on a role the server may no longer give, e.g. send the visitor on to a dashboard).
 */
export function startSession(): Promise<SessionState> {
  keptSessionAllowed = true;
  started ??= resolveSession();
  return started;
}

/** The read main.tsx started, once: later reads (a sign-in, Try Again) are new ones. */
export function takeStartedSession(): Promise<SessionState> | null {
  const read = started;
  started = null;
  return read;
}

/**
 * The session as the last visit left it, when the stored token still names the same user (expired or not: Amplify
 * refreshes it, and the revalidation signs out when it cannot). Null on a first visit or after a sign-out.
 */
export function cachedSession(): SessionState | null {
  if (!keptSessionAllowed) return null;
  try {
    const cached = JSON.parse(localStorage.getItem(ME_CACHE_KEY) ?? 'null') as SessionState | null;
    const stored = storedIdToken(getConfig().userPoolClientId, localStorage, Date.now(), Number.NEGATIVE_INFINITY);
    if (!cached?.user || !cached.me || !stored || stored.payload.sub !== cached.user.userId || cached.me.userId !== cached.user.userId) return null;
    return cached;
  } catch {
    return null; // no storage, or not ours: read the session the slow way
  }
}

function keep(state: SessionState) {
  // The brand outlives the session (issue 40): a white-labelled client's person who signs out still gets the agency's
  // sign-in page. Only the server's answer sets it; a failed /api/me leaves it as it was.
  if (state.user && state.me) rememberBrand(state.me.brand);
  try {
    if (state.user && state.me) localStorage.setItem(ME_CACHE_KEY, JSON.stringify(state));
    else if (!state.user) localStorage.removeItem(ME_CACHE_KEY);
  } catch {
    // storage full or blocked: the next visit reads /api/me before drawing
  }
}

/** Forgets the kept /api/me answer and the names the pages kept (sign-out). */
export function forgetSession() {
  keep({ user: null, me: null });
  forgetLabels();
}

export async function resolveSession(): Promise<SessionState> {
  let payload: Record<string, unknown> | undefined = storedIdToken(getConfig().userPoolClientId)?.payload;
  if (!payload) {
    try {
      const { tokens } = await (await loadAuth()).fetchAuthSession();
      payload = tokens?.idToken?.payload;
    } catch (error) {
      console.error('Could not read the session', error);
    }
  }
  if (!payload || typeof payload.sub !== 'string') {
    keep({ user: null, me: null });
    return { user: null, me: null };
  }

  const user: SessionUser = {
    userId: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
  };
  try {
    const me = await postMe(readPendingAccountType());
    clearPendingAccountType();
    const state = { user: { ...user, email: me.email || user.email, emailVerified: me.emailVerified }, me };
    keep(state);
    return state;
  } catch (error) {
    // On an agency's domain the API refuses anyone but its clients' people (403): signed out again here, and the
    // sign-in page says where to sign in instead (takeDomainRefusal).
    if (isApiError(error) && error.status === 403 && onAgencyDomain()) {
      domainRefusal = error.message;
      await (await loadAuth()).signOutOfCognito().catch(() => undefined);
      keep({ user: null, me: null });
      return { user: null, me: null };
    }
    // Spec 1 §8: role fetch errors are only logged and the role becomes none.
    console.error('POST /api/me failed', error);
    return { user, me: null };
  }
}

let domainRefusal: string | null = null;

/** The API's refusal of the person who just signed in on an agency's domain (once), or null. */
export function takeDomainRefusal(): string | null {
  const refusal = domainRefusal;
  domainRefusal = null;
  return refusal;
}
