// 'Test sign-in' recorded by the server (issue 39): the test's callback page sends the access token the hosted UI has
// just issued; it counts when the user pool signed it (issuer, signature, our app client, an access token), it is at
// most 15 minutes old and newer than the provider, and the person signed in through the business's current provider
// (their Cognito identities name it). 'Require SSO' can be switched on only after such a test.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { ssoMessages } from '../../../shared/messages/sso';
import { cognito } from '../adapters/cognito';
import { cognitoSdk } from '../adapters/sdk';
import { appClientConfig, runtimeConfig, userPoolConfig } from '../config';
import { AppError } from '../lib/errors';
import { lazy } from '../lib/lazy';
import { logger } from '../lib/logger';

/** How old a test's token may be when it is recorded. */
export const TEST_SIGN_IN_MAX_AGE_SECONDS = 15 * 60;

/** The user pool's token issuer (the local user pool's own address in local mode). */
function poolIssuer(): string {
  const { USER_POOL_ID, COGNITO_ENDPOINT } = userPoolConfig();
  const origin = COGNITO_ENDPOINT ? COGNITO_ENDPOINT.replace(/\/$/, '') : `https://cognito-idp.${runtimeConfig().AWS_REGION}.amazonaws.com`;
  return `${origin}/${USER_POOL_ID}`;
}

const poolKeys = lazy(async () => createRemoteJWKSet(new URL(`${poolIssuer()}/.well-known/jwks.json`)));

const notConfirmed = () => new AppError('VALIDATION_FAILED', ssoMessages.testSignInNotConfirmed, { accessToken: ssoMessages.testSignInNotConfirmed });

/** The test's access token, checked as the API's JWT authorizer checks one, plus its age. */
async function verifiedTestToken(accessToken: string, notBefore: string): Promise<JWTPayload & { username: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(accessToken, await poolKeys(), { issuer: poolIssuer(), algorithms: ['RS256'], maxTokenAge: TEST_SIGN_IN_MAX_AGE_SECONDS }));
  } catch (error) {
    logger.info('A test sign-in token was refused', { reason: (error as Error).message });
    throw notConfirmed();
  }
  if (payload.token_use !== 'access' || payload.client_id !== appClientConfig().USER_POOL_CLIENT_ID || typeof payload.username !== 'string') throw notConfirmed();
  // A token from before the provider was saved did not go through this provider's configuration. `iat` is in whole
  // seconds, so a token of the very second of the save cannot be told from an earlier one: it does not count either
  // (a person's test sign-in through the IdP's pages takes seconds).
  if ((payload.iat ?? 0) <= Math.floor(Date.parse(notBefore) / 1000)) throw new AppError('VALIDATION_FAILED', ssoMessages.testSignInOtherProvider, { accessToken: ssoMessages.testSignInOtherProvider });
  return payload as JWTPayload & { username: string };
}

/** The providers the user signed in or is linked through (Cognito's `identities` attribute). */
async function providersOfUser(username: string): Promise<string[]> {
  const [{ AdminGetUserCommand }, client] = await Promise.all([cognitoSdk(), cognito()]);
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, Username: username }));
    const raw = user.UserAttributes?.find((a) => a.Name === 'identities')?.Value ?? '[]';
    const identities = JSON.parse(raw) as { providerName?: unknown }[];
    return identities.map((i) => (typeof i.providerName === 'string' ? i.providerName : '')).filter(Boolean);
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') throw notConfirmed();
    if (error instanceof SyntaxError) return [];
    throw error;
  }
}

/** Whether the test's token shows a sign-in through `providerName` saved at `connectedAt` (a 400 in words otherwise). */
export async function confirmTestSignIn(accessToken: string, providerName: string, connectedAt: string): Promise<void> {
  const token = await verifiedTestToken(accessToken, connectedAt);
  const providers = await providersOfUser(token.username);
  if (!providers.includes(providerName)) throw new AppError('VALIDATION_FAILED', ssoMessages.testSignInOtherProvider, { accessToken: ssoMessages.testSignInOtherProvider });
}
