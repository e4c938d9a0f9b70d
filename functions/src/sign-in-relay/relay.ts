// Google and SSO sign-in started on an agency's custom domain (docs/decisions.md "Google and SSO sign-in on an agency's
// domain"). The app client has one callback for every domain, the platform's `/api/sign-in/relay`: the domain's page
// starts the authorization-code flow with PKCE (its verifier stays in the domain's own storage) and names itself in
// `state`; Cognito comes back here and this sends the browser on to the domain's `/auth/callback` with the query as it
// came, where the page trades the code for the session. Only an active domain is a destination: a code is worthless
// without its verifier, but a link forged to carry someone's code to another site must find nothing to carry it to.
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import type { SignInRelayQuery } from '../../../shared/schemas/custom-domain';
import { originOfDomain } from '../domain-records/domain-origin';
import { getCustomDomain } from '../domain-records/repository';
import { AppError, notFound } from '../lib/errors';

/** The page on the domain that finishes the sign-in. */
export const DOMAIN_CALLBACK_PATH = '/auth/callback';

/** The domain a relayed sign-in started on: what follows the last `~` of its state (lower case), or null. */
export function domainOfState(state: string): string | null {
  const at = state.lastIndexOf('~');
  const domain = at > 0 ? state.slice(at + 1).toLowerCase() : '';
  return domain || null;
}

/**
 * Where the browser goes on: the domain's callback page with Cognito's query. 404 on a custom domain itself (the relay
 * is the platform's callback only); 400 when the state names no active custom domain.
 */
export async function relayTarget(query: SignInRelayQuery, requestDomain: string | null): Promise<string> {
  if (requestDomain) throw notFound();
  const domain = domainOfState(query.state);
  const record = domain ? await getCustomDomain(domain) : null;
  if (!domain || record?.state !== 'active') throw new AppError('VALIDATION_FAILED', customDomainMessages.unknownSignInSite);
  const target = new URL(DOMAIN_CALLBACK_PATH, originOfDomain(domain));
  for (const name of ['code', 'state', 'error', 'error_description'] as const) {
    const value = query[name];
    if (value) target.searchParams.set(name, value);
  }
  return target.toString();
}
