// The session: who is signed in (from the Cognito ID token) and what they are (POST /api/me). Amplify is loaded only
// when this browser holds a stored session (or signs in): a visitor's public page never downloads it. Hydrating a
// prerendered page renders the signed-out page first (as the HTML was built), then looks at the stored session.
import type { Me } from '@shared/schemas/me';
import { sessionNotices } from '@shared/messages/session';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getConfig } from '@web/lib/config';
import { hasStoredSession, loadAuth, storedIdToken, subscribeToStoredSession, whenAuthLoaded } from '@web/lib/load-auth';
import { SESSION_TICK_MS } from '@web/lib/session-timing';
import { toast } from '@web/lib/toast';
import { useBrandChrome } from '@web/features/white-label/use-brand-chrome';
import { cachedSession, forgetSession, resolveSession, takeStartedSession, type SessionState, type SessionUser } from './session-start';

export type { SessionUser } from './session-start';

export interface SessionContextValue {
  user: SessionUser | null;
  /** The server's view of the caller; null when signed out or when /api/me failed (logged only). */
  me: Me | null;
  /** True until the first session is known. */
  loading: boolean;
  /** Re-reads the token and POST /api/me (sending a pending account type once). */
  refreshMe: () => Promise<Me | null>;
  /** Signs out with the spec's toasts; resolves false when it failed. */
  signOut: () => Promise<boolean>;
  /**
   * True once Sign Out has ended the session on this page (until the next sign-in): a page that needs a session then
   * goes where Sign Out takes the visitor (home, or a white-labelled client's sign-in page), not to /auth?redirect=
   * (the two navigations raced).
   */
  signedOut: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}

type State = SessionState;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // False while hydrating (the prerendered HTML is the signed-out page), then whether Amplify keys are stored.
  const storedSession = useSyncExternalStore(subscribeToStoredSession, hasStoredSession, () => false);
  // A returning user's session as the last visit left it draws the page at once; it is read again below.
  const [cached] = useState(cachedSession);
  const [state, setState] = useState<State>(() => cached ?? { user: null, me: null });
  /** Whether the stored session has been read since the page loaded (or since another tab signed in). */
  const [resolved, setResolved] = useState(cached !== null);
  const inflight = useRef<Promise<Me | null> | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  const refreshMe = useCallback((): Promise<Me | null> => {
    inflight.current ??= (takeStartedSession() ?? resolveSession())
      .then((next) => {
        setState(next);
        setResolved(true);
        if (next.user) setSignedOut(false);
        return next.me;
      })
      .finally(() => {
        inflight.current = null;
      });
    return inflight.current;
  }, []);

  useEffect(() => {
    if (storedSession && !resolved) void refreshMe();
  }, [storedSession, resolved, refreshMe]);

  // The kept session is revalidated once: the server's answer replaces it (or signs out).
  useEffect(() => {
    if (cached) void refreshMe();
  }, [cached, refreshMe]);

  // Amplify's events, once something has loaded it (a sign-in, a sign-out, a refresh): only Amplify in this tab sends
  // them, so a signed-in page does not load its 165 KB to listen (issue 25 §1).
  useEffect(() => {
    if (!storedSession) return;
    let stop: (() => void) | undefined;
    let active = true;
    void whenAuthLoaded().then(({ Hub }) => {
      if (!active) return;
      stop = Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn': // also fired when another tab signs in
          case 'signInWithRedirect':
            void refreshMe();
            break;
          case 'signedOut':
          case 'tokenRefresh_failure':
            forgetSession();
            setState({ user: null, me: null });
            setResolved(false); // a later sign-in in another tab is read again
            break;
        }
      });
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [storedSession, refreshMe]);

  // Refresh the tokens before they expire (spec 1 §9), so a page left open keeps working. Each tick looks at the stored
  // ID token first: while it is good for longer than Amplify's refresh window, Amplify is not loaded (issue 25 §1).
  const signedIn = state.user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (storedIdToken(getConfig().userPoolClientId)) return;
      void loadAuth()
        .then(({ refreshSessionIfExpiring }) => refreshSessionIfExpiring())
        .catch((error: unknown) => console.error('Could not refresh the session', error));
    }, SESSION_TICK_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const signOut = useCallback(async (): Promise<boolean> => {
    try {
      await (await loadAuth()).signOutOfCognito();
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : sessionNotices.unexpected });
      return false;
    }
    forgetSession();
    setSignedOut(true);
    setState({ user: null, me: null });
    setResolved(false);
    queryClient.clear();
    toast.success(sessionNotices.signedOut);
    return true;
  }, [queryClient]);

  // Keys removed (signed out here or in another tab) mean no session, whatever was read before.
  const user = storedSession ? state.user : null;
  const me = storedSession ? state.me : null;
  const loading = storedSession && !resolved;
  const value = useMemo<SessionContextValue>(() => ({ user, me, loading, refreshMe, signOut, signedOut }), [user, me, loading, refreshMe, signOut, signedOut]);

  // White-label (issue 21): a white-labelled client's people see their agency's name and icon in the tab.
  useBrandChrome(me?.brand);
  return <SessionContext value={value}>{children}</SessionContext>;
}
