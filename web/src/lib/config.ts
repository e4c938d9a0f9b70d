// Runtime configuration: GET /config.json, read once at boot before the app renders, and checked field by field. A
// signed-in page's boot draws from the configuration the last visit read while it is read again (startFromKeptConfig).
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
  keepConfig(current);
  announceLoaded(current);
  return current;
}

/** The last configuration read, for the next signed-in page's boot. */
const KEPT_CONFIG_KEY = 'cardcrew.config';

function keepConfig(config: RuntimeConfig) {
  try {
    localStorage.setItem(KEPT_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // no storage: every boot waits for /config.json
  }
}

function keptConfig(): RuntimeConfig | null {
  try {
    const kept = localStorage.getItem(KEPT_CONFIG_KEY);
    return kept ? parseRuntimeConfig(JSON.parse(kept)) : null;
  } catch {
    return null; // none, or not ours
  }
}

const sameConfig = (a: RuntimeConfig, b: RuntimeConfig) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A signed-in page's boot (issue 25 §1): the configuration the last visit read is used at once, so the page draws
 * and asks for its data without waiting a round trip for /config.json. `read` (loadConfig, started beside it) then
 * takes its place; when a deploy has changed the configuration, the page loads again with the new one (kept by then).
 * False when nothing is kept: the boot waits for `read`.
 */
export function startFromKeptConfig(read: Promise<RuntimeConfig>, reload: () => void = () => window.location.reload()): boolean {
  const kept = keptConfig();
  if (!kept) return false;
  current = kept;
  announceLoaded(kept);
  read.then(
    (config) => {
      // Only once the new one is kept, or a browser without storage would load the page again and again.
      if (!sameConfig(config, kept) && sameConfig(keptConfig() ?? kept, config)) reload();
    },
    (error: unknown) => console.error('Could not read /config.json; the configuration of the last visit stays in use', error),
  );
  return true;
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
