// Google and SSO sign-in on an agency's custom domain (docs/decisions.md "Google and SSO sign-in on an agency's
// domain"). The app client has one callback for every domain, the platform's /api/sign-in/relay, which sends the
// browser back to this domain's /auth/callback. Amplify's signInWithRedirect only comes back to its own origin, so here
// the page runs the authorization-code flow with PKCE itself, as the SSO test sign-in does: the verifier waits in this
// tab's storage under the state, and the state names this domain after a `~` for the relay. The callback trades the
// code and hands the tokens to Amplify, which keeps the session as after any other sign-in.
import { customDomainMessages } from '@shared/messages/custom-domains';
import type { RuntimeConfig } from '@web/lib/config';
import { pkceAuthorizeUrl, randomText, tradeCode, type HostedUiTokens } from '@web/features/sso/hosted-ui';

/** The platform's callback for every domain (an app-client callback URL: identity/user-pool-definition.ts). */
const RELAY_PATH = '/api/sign-in/relay';

type Config = Pick<RuntimeConfig, 'oauthDomain' | 'local' | 'userPoolClientId' | 'publicOrigin'>;

/** Google (`identityProvider: 'Google'`), a business's provider by name, or the provider of an e-mail domain. */
export type DomainSignInTarget = { identityProvider: string } | { idpIdentifier: string };

const pendingKey = (state: string) => `cardcrew.domainSignIn.${state}`;
const relayUrl = (config: Pick<RuntimeConfig, 'publicOrigin'>) => `${new URL(config.publicOrigin).origin}${RELAY_PATH}`;

/** The hosted UI's authorize URL for a sign-in that comes back to this domain through the relay; null without one. */
export async function domainSignInUrl(config: Config, target: DomainSignInTarget, host = window.location.hostname): Promise<string | null> {
  const state = `${randomText()}~${host}`;
  return pkceAuthorizeUrl(config, {
    redirectUri: relayUrl(config),
    provider: 'identityProvider' in target ? { identity_provider: target.identityProvider } : { idp_identifier: target.idpIdentifier },
    state,
    keep: (verifier) => sessionStorage.setItem(pendingKey(state), verifier),
  });
}

/** Finishes the sign-in from the callback's query: the state must be one this tab started (used once). */
export async function finishDomainSignIn(config: Config, query: URLSearchParams): Promise<{ ok: true; tokens: HostedUiTokens } | { ok: false; reason: string }> {
  const state = query.get('state') ?? '';
  const verifier = state ? sessionStorage.getItem(pendingKey(state)) : null;
  if (state) sessionStorage.removeItem(pendingKey(state));
  const error = query.get('error');
  if (error) return { ok: false, reason: query.get('error_description')?.trim() || error };
  const code = query.get('code');
  if (!verifier || !code) return { ok: false, reason: customDomainMessages.signInNotStartedHere };
  return tradeCode(config, code, verifier, relayUrl(config), customDomainMessages.signInUnreachable);
}
