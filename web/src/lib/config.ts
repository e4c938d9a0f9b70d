// Runtime configuration: GET /config.json, read once at boot before the app renders, and checked field by field.
// Checked without zod: this module is part of every page's first load, and zod's core (shared with the forms' full
// zod) would add 15 KB compressed to it (docs/decisions.md, "Public pages"). A bad deployment still fails at boot,
// naming the fields.

export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The cognito-local proxy in local mode; null in AWS (Amplify then uses the regional endpoint). */
  userPoolEndpoint: string | null;
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  oauthDomain: string | null;
  publicOrigin: string;
  local: boolean;
  /** The local inbox where Cognito confirmation codes arrive (local mode only). */
  mailboxUrl: string | null;
  /** Which wallets this deployment can issue passes for; a wallet that is not configured shows no button. */
  wallets: { google: boolean; apple: boolean };
}

const text = (v: unknown) => typeof v === 'string' && v.length > 0;
const url = (v: unknown) => {
  if (typeof v !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const orNull = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);

const fieldChecks: Record<keyof RuntimeConfig, (value: unknown) => boolean> = {
  region: text,
  userPoolId: text,
  userPoolClientId: text,
  userPoolEndpoint: orNull(url),
  authFlow: (v) => v === 'USER_PASSWORD_AUTH' || v === 'USER_SRP_AUTH',
  oauthDomain: orNull(text),
  publicOrigin: url,
  local: (v) => typeof v === 'boolean',
  mailboxUrl: orNull(url),
  wallets: (v) => typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).google === 'boolean' && typeof (v as Record<string, unknown>).apple === 'boolean',
};

/** The configuration's known fields (others are dropped), or a ConfigError naming every field that is wrong. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const wrong = Object.entries(fieldChecks)
    .filter(([field, check]) => !check(record[field]))
    .map(([field]) => field);
  if (wrong.length) throw new ConfigError(`Invalid /config.json: ${wrong.join(', ')}`);
  return Object.fromEntries(Object.keys(fieldChecks).map((field) => [field, record[field]])) as unknown as RuntimeConfig;
}

let current: RuntimeConfig | null = null;
let announceLoaded: (config: RuntimeConfig) => void = () => undefined;
const loaded = new Promise<RuntimeConfig>((resolve) => (announceLoaded = resolve));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let body: unknown;
  try {
    // Answers the page's <link rel="preload"> (index.html), so hydration does not wait for a second request; the
    // origin sends config.json uncacheable (no-store locally, no-cache from CloudFront), so it is never stale.
    const res = await fetchImpl('/config.json', { credentials: 'same-origin' });
    if (!res.ok) throw new ConfigError(`GET /config.json answered ${res.status}`);
    body = await res.json();
  } catch (error) {
    throw error instanceof ConfigError ? error : new ConfigError(`GET /config.json failed: ${String(error)}`);
  }
  current = parseRuntimeConfig(body);
  announceLoaded(current);
  return current;
}

/** Whether loadConfig has read the configuration. */
export function isConfigLoaded(): boolean {
  return current !== null;
}

/** The configuration once loadConfig has read it: what may start before it (the auth library's download) waits on this. */
export function whenConfigLoaded(): Promise<RuntimeConfig> {
  return current ? Promise.resolve(current) : loaded;
}

/**
 * The build-time prerender (web/src/prerender.tsx) has no deployment to ask: it renders with placeholder values. The
 * prerendered pages' first render must not show any of them (hydration would not match the real configuration).
 */
export function setConfigForPrerender(config: RuntimeConfig): void {
  current = config;
  announceLoaded(config);
}

/** The loaded configuration; main.tsx guarantees it is loaded before anything renders. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('Runtime configuration has not been loaded');
  return current;
}
