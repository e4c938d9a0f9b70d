// The session: who is signed in (from the Cognito ID token) and what they are (POST /api/me).
import type { Me } from '@shared/schemas/me';
import { messages } from '@shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { refreshSessionIfExpiring, SESSION_TICK_MS, signOutOfCognito } from '@web/lib/auth';
import { clearPendingAccountType, readPendingAccountType } from '@web/lib/pending-storage';
import { postMe } from './api/post-me';

export interface SessionUser {
  userId: string;
  email: string;
  emailVerified: boolean;
}

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
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}

interface State {
  user: SessionUser | null;
  me: Me | null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ user: null, me: null });
  const [loading, setLoading] = useState(true);
  const inflight = useRef<Promise<Me | null> | null>(null);

  const refreshMe = useCallback((): Promise<Me | null> => {
    inflight.current ??= resolveSession()
      .then((next) => {
        setState(next);
        return next.me;
      })
      .finally(() => {
        inflight.current = null;
      });
    return inflight.current;
  }, []);

  useEffect(() => {
    let active = true;
    void refreshMe().finally(() => {
      if (active) setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [refreshMe]);

  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn': // also fired when another tab signs in
          case 'signInWithRedirect':
            void refreshMe();
            break;
          case 'signedOut':
          case 'tokenRefresh_failure':
            setState({ user: null, me: null });
            break;
        }
      }),
    [refreshMe],
  );

  // Refresh the tokens before they expire (spec 1 §9), so a page left open keeps working.
  const signedIn = state.user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      refreshSessionIfExpiring().catch((error: unknown) => console.error('Could not refresh the session', error));
    }, SESSION_TICK_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  const signOut = useCallback(async (): Promise<boolean> => {
    try {
      await signOutOfCognito();
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : messages.auth.unexpected });
      return false;
    }
    setState({ user: null, me: null });
    queryClient.clear();
    toast.success(messages.auth.signedOut);
    return true;
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({ user: state.user, me: state.me, loading, refreshMe, signOut }),
    [state, loading, refreshMe, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

async function resolveSession(): Promise<State> {
  let payload: Record<string, unknown> | undefined;
  try {
    const { tokens } = await fetchAuthSession();
    payload = tokens?.idToken?.payload;
  } catch (error) {
    console.error('Could not read the session', error);
  }
  if (!payload || typeof payload.sub !== 'string') return { user: null, me: null };

  const user: SessionUser = {
    userId: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
  };
  try {
    const me = await postMe(readPendingAccountType());
    clearPendingAccountType();
    return { user: { ...user, email: me.email || user.email, emailVerified: me.emailVerified }, me };
  } catch (error) {
    // Spec 1 §8: role fetch errors are only logged and the role becomes none.
    console.error('POST /api/me failed', error);
    return { user, me: null };
  }
}
