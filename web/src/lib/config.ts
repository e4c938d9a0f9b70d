// Runtime configuration: GET /config.json, read once at boot before the app renders, validated with zod.
// zod/mini keeps the boot chunk small (full zod loads later, with the first form or API response).
import * as z from 'zod/mini';

const text = () => z.string().check(z.minLength(1));

export const runtimeConfigSchema = z.object({
  region: text(),
  userPoolId: text(),
  userPoolClientId: text(),
  /** The cognito-local proxy in local mode; null in AWS (Amplify then uses the regional endpoint). */
  userPoolEndpoint: z.nullable(z.url()),
  authFlow: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  oauthDomain: z.nullable(text()),
  publicOrigin: z.url(),
  local: z.boolean(),
  /** The local inbox where Cognito confirmation codes arrive (local mode only). */
  mailboxUrl: z.nullable(z.url()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let current: RuntimeConfig | null = null;

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
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) throw new ConfigError(`Invalid /config.json: ${z.prettifyError(parsed.error)}`);
  current = parsed.data;
  return current;
}

/**
 * The build-time prerender (web/src/prerender.tsx) has no deployment to ask: it renders with placeholder values. The
 * prerendered pages' first render must not show any of them (hydration would not match the real configuration).
 */
export function setConfigForPrerender(config: RuntimeConfig): void {
  current = config;
}

/** The loaded configuration; main.tsx guarantees it is loaded before anything renders. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('Runtime configuration has not been loaded');
  return current;
}
