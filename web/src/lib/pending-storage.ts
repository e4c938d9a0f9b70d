// Browser storage keys that survive the sign-up confirmation and the Google sign-in round trip (spec 1 §3).
export const PENDING_ACCOUNT_TYPE_KEY = 'pending_account_type';
export const PENDING_REDIRECT_PATH_KEY = 'pending_redirect_path';

export type PendingAccountType = 'business' | 'agency';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed iframe)
  }
}

export function readPendingAccountType(): PendingAccountType | undefined {
  const value = storage()?.getItem(PENDING_ACCOUNT_TYPE_KEY);
  return value === 'business' || value === 'agency' ? value : undefined;
}

export function writePendingAccountType(value: PendingAccountType): void {
  storage()?.setItem(PENDING_ACCOUNT_TYPE_KEY, value);
}

export function clearPendingAccountType(): void {
  storage()?.removeItem(PENDING_ACCOUNT_TYPE_KEY);
}

export function writePendingRedirectPath(path: string): void {
  storage()?.setItem(PENDING_REDIRECT_PATH_KEY, path);
}

/** Reads and clears the saved redirect path (it is used once). */
export function takePendingRedirectPath(): string | null {
  const s = storage();
  const value = s?.getItem(PENDING_REDIRECT_PATH_KEY) ?? null;
  s?.removeItem(PENDING_REDIRECT_PATH_KEY);
  return value;
}
