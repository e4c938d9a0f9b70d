// Spec 1 §9: the session is checked every 30 s and refreshed once 3 ticks (90 s) or fewer remain. Its own module: the
// session's timer (features/auth/session-provider.tsx) ticks without loading the auth library (lib/auth.ts) that refreshes.
export const SESSION_TICK_MS = 30_000;
export const SESSION_REFRESH_TICKS = 3;
