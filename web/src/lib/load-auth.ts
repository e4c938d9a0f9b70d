// The auth library (Amplify, about 40 KB compressed) on demand. Public pages load without it: a visitor with no
// Cognito keys in local storage has no session to read, so only a stored session, a sign-in or a page of the
// signed-in app loads it (docs/decisions.md, "Public pages").
import { getConfig } from './config';

export type AuthLibrary = typeof import('./auth-library');

/** Amplify keeps every key it stores (tokens, LastAuthUser, the OAuth round trip's state) under this prefix. */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

let loading: Promise<AuthLibrary> | null = null;
let loaded: AuthLibrary | null = null;

/** The auth library, configured from the runtime config (which main.tsx loads before anything renders). */
export function loadAuth(): Promise<AuthLibrary> {
  loading ??= import('./auth-library').then(
    (library) => {
      library.configureAuth(getConfig());
      loaded = library;
      return library;
    },
    (error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next try
      throw error;
    },
  );
  return loading;
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
