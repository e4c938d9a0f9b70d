// The auth library (Amplify, about 40 KB compressed) on demand. Public pages load without it: a visitor with no
// Cognito keys in local storage has no session to read, so only a stored session, a sign-in or a page of the
// signed-in app loads it (docs/decisions.md, "Public pages").
import { getConfig } from './config';
import { SESSION_REFRESH_TICKS, SESSION_TICK_MS } from './session-timing';

export type AuthLibrary = typeof import('./auth-library');

/** Amplify keeps every key it stores (tokens, LastAuthUser, the OAuth round trip's state) under this prefix. */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

let loading: Promise<AuthLibrary> | null = null;
let loaded: AuthLibrary | null = null;
let announceLoaded: (library: AuthLibrary) => void = () => undefined;
const whenLoaded = new Promise<AuthLibrary>((resolve) => (announceLoaded = resolve));

/**
 * The auth library, configured from the runtime config, which must be loaded first (main.tsx: a page that loads the
 * library with its code asks for it once the config is read, app/router.tsx).
 */
export function loadAuth(): Promise<AuthLibrary> {
  loading ??= import('./auth-library').then(
    (library) => {
      library.configureAuth(getConfig());
      loaded = library;
      announceLoaded(library);
      return library;
    },
    (error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next try
      throw error;
    },
  );
  return loading;
}

/**
 * Resolves once something has loaded the auth library (a sign-in, a sign-out, a token refresh), without loading it:
 * a signed-in page listens to Amplify's events only when Amplify is there to send them (issue 25 §1).
 */
export function whenAuthLoaded(): Promise<AuthLibrary> {
  return whenLoaded;
}

/** The auth library if something has loaded it already; an error thrown by Amplify implies it has. */
export function loadedAuth(): AuthLibrary | null {
  return loaded;
}

/** Whether this browser holds Amplify state (a session, or a Google sign-in under way): a cheap look, no Amplify. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined = safeLocalStorage()): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) {
    if (storage.key(i)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
  }
  return false;
}

/** A stored ID token that is still good for a while, and what it says about its user. */
export interface StoredIdToken {
  token: string;
  payload: Record<string, unknown>;
}

/** A stored token with more than the refresh window and a tick left is used as stored (Amplify would not refresh it). */
const STORED_TOKEN_MARGIN_MS = (SESSION_REFRESH_TICKS + 1) * SESSION_TICK_MS;

/**
 * The signed-in user's ID token as Amplify stored it, read without Amplify: a signed-in page's first API calls need
 * not wait for the auth library's download (issue 25 §1). Null when there is none, or when it is near its expiry
 * (Amplify then refreshes it); the server verifies every token it receives.
 */
export function storedIdToken(clientId: string, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(), now = Date.now(), marginMs = STORED_TOKEN_MARGIN_MS): StoredIdToken | null {
  if (!storage) return null;
  try {
    const base = `${AMPLIFY_KEY_PREFIX}${clientId}`;
    const username = storage.getItem(`${base}.LastAuthUser`);
    const token = username && storage.getItem(`${base}.${username}.idToken`);
    if (!token) return null;
    const part = token.split('.')[1] ?? '';
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const drift = Number(storage.getItem(`${base}.${username}.clockDrift`) ?? 0) || 0;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 - (now + drift) < marginMs) return null;
    return { token, payload };
  } catch {
    return null; // unreadable: Amplify decides
  }
}

/** Calls `onChange` when another tab signs in or out (the `storage` event fires only in other tabs). */
export function subscribeToStoredSession(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(AMPLIFY_KEY_PREFIX)) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}
