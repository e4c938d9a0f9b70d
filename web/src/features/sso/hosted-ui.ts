// The hosted UI's authorize URL for a single sign-on domain (issue 24): `idp_identifier=<domain>` lets Cognito pick the
// business's identity provider. Plain http in local mode (the stand-in on 127.0.0.1), https in AWS.
import type { RuntimeConfig } from '@web/lib/config';

export function hostedUiOrigin(config: Pick<RuntimeConfig, 'oauthDomain' | 'local'>): string | null {
  return config.oauthDomain ? `${config.local ? 'http' : 'https'}://${config.oauthDomain}` : null;
}

/** 'Test sign-in': the authorize URL without PKCE (the round trip proves the provider; the app does not keep the session). */
export function testSignInUrl(config: Pick<RuntimeConfig, 'oauthDomain' | 'local' | 'userPoolClientId' | 'publicOrigin'>, domain: string): string | null {
  const origin = hostedUiOrigin(config);
  if (!origin) return null;
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: config.userPoolClientId,
    redirect_uri: `${config.publicOrigin.replace(/\/$/, '')}/`,
    scope: 'openid email profile',
    idp_identifier: domain,
  });
  return `${origin}/oauth2/authorize?${params}`;
}

/** Amplify's authorize URL (PKCE and state kept by Amplify) turned to the SSO domain instead of a provider name. */
export function withIdpIdentifier(authorizeUrl: string, domain: string, local: boolean): string {
  const url = new URL(authorizeUrl);
  url.searchParams.delete('identity_provider');
  url.searchParams.set('idp_identifier', domain);
  if (local) url.protocol = 'http:';
  return url.toString();
}
