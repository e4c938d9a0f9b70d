// cognito-local, run in-process with its own data folder, made to behave like the Cognito user pool it stands in
// for: confirmation and reset codes go to the local SES mailbox, the pool's password policy is enforced, a later
// confirmation works (ResendConfirmationCode, which cognito-local lacks), confirming marks the email verified,
// ordinary refusals (a wrong password, an existing user) are not logged as errors, the pre-sign-up and CustomMessage
// triggers run in-process, and Google users sign in through the hosted-UI stand-in (hosted-ui.ts) with tokens from the same signer.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateIdentityProviderCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListIdentityProvidersCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { CustomEmailSenderTriggerEvent, PreAuthenticationTriggerEvent, PreSignUpTriggerEvent, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import pino from 'pino';
import { passwordPolicyProblem } from '../src/identity/password-policy';
import { cognitoUserDirectory, preSignUp, type UserDirectory } from '../src/sign-up/pre-sign-up';
import { handler as ssoSignInTrigger } from '../src/sso/sign-in-triggers';
import { sendCognitoMail } from '../src/cognito-messages/custom-email-sender';
import { userPoolDefinition } from '../src/identity/user-pool-definition';
import { cognitoLocalInternals } from './cognito-internals';
import { IdentityProviderError, IdentityProviderStore, type IdentityProvider } from './identity-providers';
import { kmsEndpoint, LOCAL_COGNITO_SENDER_KEY, localCognitoSenderKeyArn, type LocalSettings } from './settings';

const cl = cognitoLocalInternals();

interface CognitoMessage {
  __code?: string;
}

/**
 * What Cognito would send itself, through the local SES: only codes the custom email sender does not take (MFA codes;
 * the pool has no MFA), in Cognito's default words from the pool's address. Every other mail is the sender's.
 */
function sesMessageSender(s: LocalSettings) {
  const ses = new SESv2Client({ region: s.region, endpoint: `http://${s.host}:${s.sesPort}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const sendEmail = async (_ctx: unknown, _user: unknown, destination: string, message: CognitoMessage) => {
    const code = message.__code ?? '';
    const text = `Your CardCrew verification code is ${code}`;
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'CardCrew <no-reply@cardcrew.local>',
        Destination: { ToAddresses: [destination] },
        Content: { Simple: { Subject: { Data: 'Your CardCrew verification code' }, Body: { Text: { Data: text }, Html: { Data: `<p>${text}</p>` } } } },
      }),
    );
  };
  return { sendEmail, sendSms: async () => undefined };
}

/** The name the local pool's custom email sender goes by (cognito-local invokes triggers by function name). */
const CUSTOM_EMAIL_SENDER_FUNCTION = 'cardcrew-custom-email-sender';

/**
 * cognito-local's Lambda client, answering from functions in this process: a trigger's handler gets the event Cognito
 * would send and its answer (or its error, as Lambda reports an unhandled one) goes back to cognito-local.
 */
function inProcessLambda(functions: Record<string, (event: never) => Promise<unknown>>) {
  return {
    invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        const run = functions[FunctionName];
        if (!run) throw new Error(`No local function ${FunctionName}`);
        try {
          return { StatusCode: 200, Payload: JSON.stringify((await run(JSON.parse(Payload) as never)) ?? null) };
        } catch (error) {
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: (error as Error).message }) };
        }
      },
    }),
  };
}

/** What the hosted-UI stand-in needs from the local user pool. */
export interface LocalFederation {
  /** The app client (its callback and sign-out URLs, its supported providers), or null when the id is unknown. */
  appClient(clientId: string): Promise<{ ClientId: string; UserPoolId: string; CallbackURLs?: string[]; LogoutURLs?: string[]; SupportedIdentityProviders?: string[] } | null>;
  /** A provider of the pool by name, or by one of its IdP identifiers (a verified e-mail domain). */
  identityProvider(userPoolId: string, by: { name: string } | { identifier: string }): IdentityProvider | undefined;
  /** Signs a Google user in as Cognito does: the pre-sign-up trigger first, then the linked or federated user's tokens. */
  signInWithGoogle(clientId: string, google: GoogleProfile): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }>;
  /**
   * Signs a federated user in as Cognito does for any provider: a user linked to `<provider, subject>` signs in as
   * itself; otherwise the pre-sign-up trigger runs (PreSignUp_ExternalProvider; it may link, or refuse) and, if nothing
   * was linked, the user `<ProviderName>_<subject>` is created (EXTERNAL_PROVIDER, the mapped attributes, the
   * `identities` attribute). A refusal throws and leaves no user behind.
   */
  signInFederated(clientId: string, providerName: string, profile: FederatedProfile): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }>;
  /** The user an access token was issued to, with their attributes (for /oauth2/userInfo). */
  userOfAccessToken(clientId: string, username: string): Promise<LocalUser | null>;
}

/** A person as a provider describes them, after the provider's attribute mapping (user-pool attribute names). */
export interface FederatedProfile {
  /** Google's or the OIDC provider's `sub`; a SAML provider's NameID. */
  subject: string;
  attributes: Record<string, string>;
  /** The provider's issuer as the `identities` attribute records it (SAML entity ID, OIDC `iss`). */
  issuer?: string;
}

/** Cognito's user name for a federated user: `google_<sub>` for Google (as the seed and older data have it), `<ProviderName>_<subject>` otherwise. */
export const federatedUsername = (providerName: string, subject: string) => (providerName === 'Google' ? `google_${subject}` : `${providerName}_${subject}`);

/** What Google tells Cognito about a person, after the pool's attribute mapping. */
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

/** The pool's pre-sign-up trigger: the product's (functions/src/sign-up/pre-sign-up.ts) unless a test gives another. */
export type PreSignUpTrigger = (event: PreSignUpTriggerEvent) => Promise<unknown>;
/** The pool's pre-authentication and pre-token-generation trigger ('Require SSO', functions/src/sso/sign-in-triggers.ts). */
export type SignInTrigger = (event: PreAuthenticationTriggerEvent | PreTokenGenerationTriggerEvent) => Promise<unknown>;

export async function startCognito(
  s: LocalSettings,
  options: { preSignUp?: PreSignUpTrigger; signIn?: SignInTrigger } = {},
): Promise<{ server: Server; federation: LocalFederation }> {
  const dataDirectory = join(s.dataDir, 'cognito', 'db');
  mkdirSync(dataDirectory, { recursive: true });
  // cognito-local logs every refusal (wrong password, existing user) as a warning with a stack trace: those are
  // ordinary answers, so only errors are printed.
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const ctx = { logger };
  const config = await cl.loadConfig(ctx, new cl.StormDBDataStoreFactory(join(s.dataDir, 'cognito')));
  config.TokenConfig = { IssuerDomain: `http://${s.host}:${s.cognitoPort}` };
  config.ServerConfig = { port: s.cognitoPort, hostname: s.host, development: false };
  const clock = new cl.DateClock();
  const dataStoreFactory = new cl.StormDBDataStoreFactory(dataDirectory);
  const cognito = await new cl.CognitoServiceFactoryImpl(dataDirectory, dataStoreFactory, new cl.UserPoolServiceFactoryImpl(clock, dataStoreFactory)).create(
    ctx,
    config.UserPoolDefaults,
  );
  // The pool's custom email sender as the one Lambda cognito-local may invoke, run in this process. cognito-local
  // encrypts each code with the KMS stand-in's key, as Cognito does with ours, and the sender decrypts it, writes the
  // mail in the person's brand and sends it through the local SES (a white-labelled client's people get their agency's).
  config.TriggerFunctions = { ...config.TriggerFunctions, CustomEmailSender: CUSTOM_EMAIL_SENDER_FUNCTION };
  config.KMSConfig = { KMSKeyId: localCognitoSenderKeyArn(s), KMSKeyAlias: LOCAL_COGNITO_SENDER_KEY.alias, endpoint: kmsEndpoint(s), region: s.region, accessKeyId: 'local', secretAccessKey: 'local' };
  const lambda = inProcessLambda({ [CUSTOM_EMAIL_SENDER_FUNCTION]: (event: CustomEmailSenderTriggerEvent) => sendCognitoMail(event) });
  const triggers = new cl.TriggersService(clock, cognito, new cl.LambdaService(config.TriggerFunctions, lambda), new cl.CryptoService(config.KMSConfig));
  const messages = new cl.MessagesService(triggers, new cl.MessageDeliveryService(sesMessageSender(s)));
  const all = { clock, cognito, config, messages, otp: cl.otp, tokenGenerator: new cl.JwtTokenGenerator(clock, withStandardIdTokenClaims(triggers), config.TokenConfig), triggers };
  const directory = cognitoUserDirectory(cognitoClient(s));
  const providers = new IdentityProviderStore(join(s.dataDir, 'cognito', 'identity-providers.json'));
  const trigger: PreSignUpTrigger = options.preSignUp ?? ((event) => preSignUp(event, directory));
  const services = { cognito, messages, otp: cl.otp, directory, providers, preSignUp: trigger, signIn: options.signIn ?? ssoSignInTrigger };
  const router = withUserPoolFixes(cl.Router(all), services);
  const server = (await cl.createServer(router, logger, config.ServerConfig, all).start()) as Server;
  return { server, federation: localFederation(ctx, services, all.tokenGenerator) };
}

type Route = (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>;

interface LocalUser {
  Username: string;
  UserStatus?: string;
  Enabled?: boolean;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
  Attributes: { Name: string; Value?: string }[];
  ConfirmationCode?: string;
  RefreshTokens?: string[];
}
interface LocalUserPool {
  options: { Id: string; AutoVerifiedAttributes?: string[] };
  getUserByUsername(ctx: unknown, username: string): Promise<LocalUser | null>;
  saveUser(ctx: unknown, user: LocalUser): Promise<void>;
  saveAppClient(ctx: unknown, client: LocalAppClient): Promise<void>;
  listUsers(ctx: unknown): Promise<LocalUser[]>;
  listUserGroupMembership(ctx: unknown, user: LocalUser): Promise<string[]>;
  storeRefreshToken(ctx: unknown, refreshToken: string, user: LocalUser): Promise<void>;
}
interface LocalAppClient {
  ClientId: string;
  UserPoolId: string;
  CallbackURLs?: string[];
  LogoutURLs?: string[];
  SupportedIdentityProviders?: string[];
  [setting: string]: unknown;
}
interface Services {
  cognito: {
    getUserPoolForClientId: (ctx: unknown, clientId: string) => Promise<LocalUserPool>;
    getUserPool: (ctx: unknown, userPoolId: string) => Promise<LocalUserPool>;
    getAppClient: (ctx: unknown, clientId: string) => Promise<LocalAppClient | null>;
    listAppClients: (ctx: unknown, userPoolId: string) => Promise<LocalAppClient[]>;
  };
  messages: { deliver: (...args: unknown[]) => Promise<void> };
  otp: () => string;
  directory: UserDirectory;
  providers: IdentityProviderStore;
  preSignUp: PreSignUpTrigger;
  signIn: SignInTrigger;
}
/** The app client's readable standard attributes Cognito writes into an ID token beside the e-mail (names). */
const ID_TOKEN_NAME_ATTRIBUTES = userPoolDefinition.clientReadAttributes.filter((name) => !name.startsWith('custom:') && !name.startsWith('email'));

/**
 * Cognito puts the client's readable standard attributes (name, given_name, family_name) in the ID token; cognito-local
 * only the e-mail and custom attributes. Its token generator adds claims only through the pre-token-generation
 * trigger's overrides, so the triggers it is given report that trigger and answer those attributes as claims (only the
 * token generator gets this view; no Lambda runs). A first SSO sign-in reads the person's name from them (issue 24).
 */
function withStandardIdTokenClaims(triggers: { enabled(name: string): boolean }): object {
  return Object.assign(Object.create(triggers) as object, {
    enabled: (name: string) => name === 'PreTokenGeneration' || triggers.enabled(name),
    preTokenGeneration: async (_ctx: unknown, { userAttributes }: { userAttributes: { Name: string; Value?: string }[] }) => ({
      claimsOverrideDetails: {
        claimsToAddOrOverride: Object.fromEntries(
          userAttributes.filter((a) => (ID_TOKEN_NAME_ATTRIBUTES as readonly string[]).includes(a.Name) && a.Value).map((a) => [a.Name, a.Value]),
        ),
      },
    }),
  });
}

interface TokenGenerator {
  generate(ctx: unknown, user: LocalUser, groups: string[], client: LocalAppClient, clientMetadata: undefined, source: string): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }>;
}

/** Where each target carries a new password: the pool's policy applies to each, as in Cognito. */
const newPasswordOf: Record<string, (req: Record<string, unknown>) => unknown> = {
  SignUp: (req) => req.Password,
  ConfirmForgotPassword: (req) => req.Password,
  ChangePassword: (req) => req.ProposedPassword,
  AdminSetUserPassword: (req) => req.Password,
  AdminCreateUser: (req) => req.TemporaryPassword,
  RespondToAuthChallenge: (req) => (req.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
};

const SIGN_IN_TARGETS = new Set(['InitiateAuth', 'AdminInitiateAuth']);


/**
 * cognito-local's router with the behaviour of a real user pool added where it falls short: the password policy on
 * every new password, email_verified set when a sign-up is confirmed, ResendConfirmationCode (a new code by mail),
 * so a user who signs up and comes back later can still confirm, and AdminUserGlobalSignOut (refresh tokens revoked).
 */
function withUserPoolFixes(router: (target: string) => Route, services: Services) {
  return (target: string): Route => {
    if (target === 'ResendConfirmationCode') return resendConfirmationCode(services);
    if (target === 'AdminUserGlobalSignOut') return adminUserGlobalSignOut(services);
    if (target === 'AdminLinkProviderForUser') return adminLinkProviderForUser(services);
    const providerTarget = identityProviderTargets(services)[target];
    if (providerTarget) return providerTarget;
    const route = router(target);
    const passwordOf = newPasswordOf[target];
    return async (ctx, req) => {
      const password = passwordOf?.(req);
      if (typeof password === 'string') {
        const problem = passwordPolicyProblem(password, userPoolDefinition.passwordPolicy);
        if (problem) throw new cl.CognitoError('InvalidPasswordException', problem);
      }
      if (target === 'SignUp') await runPreSignUp(ctx, services, req);
      if (SIGN_IN_TARGETS.has(target)) await runPreAuthentication(ctx, services, req);
      if (target === 'CreateUserPoolClient') checkSupportedProviders(services, String(req.UserPoolId), req.SupportedIdentityProviders);
      const output = await route(ctx, req).catch((error: { code?: string; message?: string }) => {
        // The pool prevents user-existence errors (infra/stateful-stack.ts): Cognito answers a wrong password and an
        // unknown user alike, where cognito-local says 'Invalid password' or 'User not found'.
        const unknownOrWrong =
          error.code === 'InvalidPasswordException' || error.code === 'UserNotFoundException' || (error.code === 'NotAuthorizedException' && error.message === 'User not authorized');
        if (SIGN_IN_TARGETS.has(target) && unknownOrWrong) {
          throw new cl.NotAuthorizedError('Incorrect username or password.');
        }
        throw error;
      });
      if (target === 'ConfirmSignUp') await markEmailVerified(ctx, services, String(req.ClientId), String(req.Username));
      return output;
    };
  };
}

/** Cognito's words for a provider the app client names but the pool does not have. */
function checkSupportedProviders(services: Services, userPoolId: string, names: unknown) {
  if (names === undefined) return;
  if (!Array.isArray(names)) throw new cl.InvalidParameterError('SupportedIdentityProviders must be a list of provider names.');
  for (const name of names as string[]) {
    if (name !== 'COGNITO' && !services.providers.find(userPoolId, name)) throw new cl.InvalidParameterError(`The provider ${name} does not exist for User Pool ${userPoolId}`);
  }
}

const withCognitoErrors =
  (route: (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>): Route =>
  async (ctx, req) => {
    try {
      return await route(ctx, req);
    } catch (error) {
      if (error instanceof IdentityProviderError) throw new cl.CognitoError(error.code, error.message);
      throw error;
    }
  };

/**
 * The identity-provider targets (identity-providers.ts), and UpdateUserPoolClient as Cognito does it: the request
 * replaces the whole client configuration (a setting left out goes back to its default, where cognito-local keeps
 * the old value), and every supported identity provider must exist.
 */
function identityProviderTargets(services: Services): Record<string, Route> {
  const { providers } = services;
  const pool = (ctx: unknown, req: Record<string, unknown>) => services.cognito.getUserPool(ctx, String(req.UserPoolId));
  const shape = (p: ReturnType<IdentityProviderStore['get']>) => ({ ...p, ProviderDetails: { ...p.ProviderDetails }, AttributeMapping: { ...p.AttributeMapping } });
  return {
    CreateIdentityProvider: withCognitoErrors(async (ctx, req) => {
      await pool(ctx, req);
      return { IdentityProvider: shape(await providers.create(req)) };
    }),
    DescribeIdentityProvider: withCognitoErrors(async (ctx, req) => {
      await pool(ctx, req);
      return { IdentityProvider: shape(providers.get(String(req.UserPoolId), String(req.ProviderName))) };
    }),
    UpdateIdentityProvider: withCognitoErrors(async (ctx, req) => {
      await pool(ctx, req);
      return { IdentityProvider: shape(await providers.update(req)) };
    }),
    DeleteIdentityProvider: withCognitoErrors(async (ctx, req) => {
      const userPool = await pool(ctx, req);
      const name = String(req.ProviderName);
      providers.delete(userPool.options.Id, name);
      // The provider leaves every app client that listed it.
      for (const client of await services.cognito.listAppClients(ctx, userPool.options.Id)) {
        if (client.SupportedIdentityProviders?.includes(name)) {
          await userPool.saveAppClient(ctx, { ...client, SupportedIdentityProviders: client.SupportedIdentityProviders.filter((n) => n !== name) });
        }
      }
      return {};
    }),
    ListIdentityProviders: withCognitoErrors(async (ctx, req) => {
      await pool(ctx, req);
      const max = Number(req.MaxResults ?? 60);
      if (!Number.isInteger(max) || max < 1 || max > 60) throw new cl.InvalidParameterError('1 validation error detected: Value at \'maxResults\' failed to satisfy constraint: Member must have value between 1 and 60');
      const all = providers.list(String(req.UserPoolId));
      const start = req.NextToken ? Number(Buffer.from(String(req.NextToken), 'base64url').toString()) : 0;
      if (!Number.isInteger(start) || start < 0) throw new cl.InvalidParameterError('Invalid pagination token.');
      const page = all.slice(start, start + max);
      const next = start + max < all.length ? Buffer.from(String(start + max)).toString('base64url') : undefined;
      return {
        Providers: page.map((p) => ({ ProviderName: p.ProviderName, ProviderType: p.ProviderType, LastModifiedDate: p.LastModifiedDate, CreationDate: p.CreationDate })),
        ...(next ? { NextToken: next } : {}),
      };
    }),
    GetIdentityProviderByIdentifier: withCognitoErrors(async (ctx, req) => {
      await pool(ctx, req);
      const provider = providers.byIdentifier(String(req.UserPoolId), String(req.IdpIdentifier));
      if (!provider) throw new cl.CognitoError('ResourceNotFoundException', `Identity provider with identifier ${String(req.IdpIdentifier)} does not exist.`);
      return { IdentityProvider: shape(provider) };
    }),
    UpdateUserPoolClient: async (ctx, req) => {
      const userPool = await pool(ctx, req);
      const current = await services.cognito.getAppClient(ctx, String(req.ClientId));
      if (!current || current.UserPoolId !== userPool.options.Id) throw new cl.CognitoError('ResourceNotFoundException', `User pool client ${String(req.ClientId)} does not exist.`);
      checkSupportedProviders(services, userPool.options.Id, req.SupportedIdentityProviders);
      const units = (req.TokenValidityUnits ?? {}) as Record<string, string | undefined>;
      const replaced: LocalAppClient = {
        ClientId: current.ClientId,
        ClientSecret: current.ClientSecret,
        UserPoolId: current.UserPoolId,
        CreationDate: current.CreationDate,
        ClientName: req.ClientName ?? current.ClientName,
        LastModifiedDate: new Date(),
        TokenValidityUnits: { AccessToken: units.AccessToken ?? 'hours', IdToken: units.IdToken ?? 'minutes', RefreshToken: units.RefreshToken ?? 'days' },
      };
      const settings = ['AccessTokenValidity', 'AllowedOAuthFlows', 'AllowedOAuthFlowsUserPoolClient', 'AllowedOAuthScopes', 'AnalyticsConfiguration', 'CallbackURLs', 'DefaultRedirectURI', 'EnableTokenRevocation', 'ExplicitAuthFlows', 'IdTokenValidity', 'LogoutURLs', 'PreventUserExistenceErrors', 'ReadAttributes', 'RefreshTokenValidity', 'SupportedIdentityProviders', 'WriteAttributes'];
      for (const setting of settings) if (req[setting] !== undefined) replaced[setting] = req[setting];
      await userPool.saveAppClient(ctx, replaced);
      return { UserPoolClient: { ...replaced, ClientSecret: undefined, ...(replaced.ClientSecret ? { ClientSecret: replaced.ClientSecret } : {}) } };
    },
  };
}

async function markEmailVerified(ctx: unknown, services: Services, clientId: string, username: string) {
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) return;
  const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
  await pool.saveUser(ctx, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
}

/** Cognito's AdminUserGlobalSignOut: every refresh token of the user stops working (the ID tokens expire on their own). */
function adminUserGlobalSignOut(services: Services): Route {
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPool(ctx, String(req.UserPoolId));
    const user = await pool.getUserByUsername(ctx, String(req.Username));
    if (!user) throw new cl.UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
}

/** The pool's pre-sign-up trigger for a password sign-up, in-process; its refusal reads as Cognito words it. */
async function runPreSignUp(ctx: unknown, services: Services, req: Record<string, unknown>) {
  const pool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
  const attributes = Object.fromEntries(((req.UserAttributes as { Name: string; Value: string }[] | undefined) ?? []).map((a) => [a.Name, a.Value]));
  const event = {
    version: '1',
    region: 'local',
    userPoolId: pool.options.Id,
    triggerSource: 'PreSignUp_SignUp' as const,
    userName: String(req.Username),
    callerContext: { awsSdkVersion: 'local', clientId: String(req.ClientId) },
    request: { userAttributes: { email: String(req.Username), ...attributes } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
  try {
    await services.preSignUp(event);
  } catch (error) {
    throw new cl.CognitoError('UserLambdaValidationException', `PreSignUp failed with error ${(error as Error).message}.`);
  }
}

/**
 * The pool's pre-authentication trigger ('Require SSO', functions/src/sso/sign-in-triggers.ts), before a password is
 * checked, as Cognito runs it: only for a user that exists, and a refusal reads 'PreAuthentication failed with error …'.
 */
async function runPreAuthentication(ctx: unknown, services: Services, req: Record<string, unknown>) {
  const flow = String(req.AuthFlow);
  if (flow !== 'USER_PASSWORD_AUTH' && flow !== 'ADMIN_USER_PASSWORD_AUTH' && flow !== 'USER_SRP_AUTH') return;
  const username = (req.AuthParameters as Record<string, string> | undefined)?.USERNAME;
  if (!username) return;
  const pool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) return;
  try {
    await services.signIn({
      version: '1',
      region: 'local',
      userPoolId: pool.options.Id,
      triggerSource: 'PreAuthentication_Authentication',
      userName: user.Username,
      callerContext: { awsSdkVersion: 'local', clientId: String(req.ClientId) },
      request: { userAttributes: userAttributesOf(user) },
      response: {},
    });
  } catch (error) {
    throw new cl.CognitoError('UserLambdaValidationException', `PreAuthentication failed with error ${(error as Error).message}.`);
  }
}

const attribute = (user: LocalUser, name: string) => user.Attributes.find((a) => a.Name === name)?.Value;
/** A user's attributes as a trigger event carries them. */
const userAttributesOf = (user: LocalUser) => Object.fromEntries(user.Attributes.map((a) => [a.Name, a.Value ?? '']));

/** The identities a user carries once a provider is linked to it (Cognito's `identities` attribute). */
function linkedIdentities(user: LocalUser): { userId: string; providerName: string }[] {
  try {
    return JSON.parse(attribute(user, 'identities') ?? '[]') as { userId: string; providerName: string }[];
  } catch {
    return [];
  }
}

/** Cognito's AdminLinkProviderForUser: a later sign-in with that provider identity signs in as the destination user. */
function adminLinkProviderForUser(services: Services): Route {
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPool(ctx, String(req.UserPoolId));
    const destination = req.DestinationUser as { ProviderName?: string; ProviderAttributeValue?: string };
    const source = req.SourceUser as { ProviderName?: string; ProviderAttributeName?: string; ProviderAttributeValue?: string };
    if (destination.ProviderName !== 'Cognito' || source.ProviderAttributeName !== 'Cognito_Subject' || !source.ProviderName || !source.ProviderAttributeValue) {
      throw new cl.InvalidParameterError('Invalid DestinationUser or SourceUser.');
    }
    const user = await pool.getUserByUsername(ctx, String(destination.ProviderAttributeValue));
    if (!user || user.UserStatus === 'EXTERNAL_PROVIDER') throw new cl.UserNotFoundError('User does not exist.');
    if (await pool.getUserByUsername(ctx, federatedUsername(source.ProviderName, source.ProviderAttributeValue))) {
      throw new cl.InvalidParameterError('Merging is not currently supported, provide a SourceUser that does not exist in the user pool.');
    }
    const identities = [
      ...linkedIdentities(user).filter((i) => !(i.providerName === source.ProviderName && i.userId === source.ProviderAttributeValue)),
      { userId: source.ProviderAttributeValue, providerName: source.ProviderName, providerType: services.providers.find(pool.options.Id, source.ProviderName)?.ProviderType ?? source.ProviderName, issuer: null, primary: false, dateCreated: Date.now() },
    ];
    await pool.saveUser(ctx, { ...user, Attributes: [...user.Attributes.filter((a) => a.Name !== 'identities'), { Name: 'identities', Value: JSON.stringify(identities) }] });
    return {};
  };
}

/**
 * Federated sign-in as the Cognito hosted UI does it (Google, SAML, OIDC): a user linked to this provider identity signs
 * in as themselves; otherwise the pre-sign-up trigger runs (it may link) and, if nothing was linked, the federated user
 * is created (status EXTERNAL_PROVIDER, the mapped attributes, refreshed on every sign-in).
 */
function localFederation(ctx: unknown, services: Services, tokenGenerator: TokenGenerator): LocalFederation {
  const linkedUser = async (pool: LocalUserPool, providerName: string, subject: string) =>
    (await pool.listUsers(ctx)).find((u) => u.UserStatus !== 'EXTERNAL_PROVIDER' && linkedIdentities(u).some((i) => i.providerName === providerName && i.userId === subject)) ?? null;

  const federation: LocalFederation = {
    appClient: (clientId) => services.cognito.getAppClient(ctx, clientId),
    identityProvider: (userPoolId, by) => ('name' in by ? services.providers.find(userPoolId, by.name) : services.providers.byIdentifier(userPoolId, by.identifier)),
    async userOfAccessToken(clientId, username) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      return pool.getUserByUsername(ctx, username);
    },
    signInWithGoogle: (clientId, google) =>
      federation.signInFederated(clientId, 'Google', {
        subject: google.sub,
        attributes: {
          email: google.email,
          // cognito-local's signer reads any stored value as true (Boolean('false')); an unverified address therefore
          // carries no email_verified attribute, so its ID token says false, as Cognito's does.
          ...(google.emailVerified ? { email_verified: 'true' } : {}),
          name: google.name,
          ...(google.givenName ? { given_name: google.givenName } : {}),
          ...(google.familyName ? { family_name: google.familyName } : {}),
          ...(google.picture ? { picture: google.picture } : {}),
        },
      }),
    async signInFederated(clientId, providerName, profile) {
      const client = await services.cognito.getAppClient(ctx, clientId);
      if (!client) throw new Error(`Unknown app client ${clientId}`);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const provider = services.providers.find(pool.options.Id, providerName);
      const username = federatedUsername(providerName, profile.subject);
      const { email_verified: verified, ...rest } = profile.attributes;
      const mapped = [...Object.entries(rest).map(([Name, Value]) => ({ Name, Value })), ...(verified === 'true' ? [{ Name: 'email_verified', Value: 'true' }] : [])];
      let user = (await linkedUser(pool, providerName, profile.subject)) ?? (await pool.getUserByUsername(ctx, username).then((u) => (u?.Username === username ? u : null)));
      if (!user) {
        // A refusal reads as Cognito words it in the error_description it sends back to the app.
        await services
          .preSignUp({
            version: '1',
            region: 'local',
            userPoolId: pool.options.Id,
            triggerSource: 'PreSignUp_ExternalProvider',
            userName: username,
            callerContext: { awsSdkVersion: 'local', clientId },
            request: { userAttributes: Object.fromEntries(mapped.map((a) => [a.Name, a.Value])) },
            response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
          })
          .catch((error: Error) => {
            throw new Error(`PreSignUp failed with error ${error.message}.`, { cause: error });
          });
        user = await linkedUser(pool, providerName, profile.subject);
      }
      if (!user) {
        const now = new Date();
        user = { Username: username, UserStatus: 'EXTERNAL_PROVIDER', Enabled: true, UserCreateDate: now, UserLastModifiedDate: now, Attributes: [{ Name: 'sub', Value: randomUUID() }] };
      }
      if (user.UserStatus === 'EXTERNAL_PROVIDER') {
        const identities = [{ userId: profile.subject, providerName, providerType: provider?.ProviderType ?? providerName, issuer: profile.issuer ?? null, primary: true, dateCreated: Date.now() }];
        const kept = user.Attributes.filter((a) => a.Name.startsWith('custom:') || a.Name === 'sub');
        user = { ...user, UserLastModifiedDate: new Date(), Attributes: [...kept, ...mapped, { Name: 'identities', Value: JSON.stringify(identities) }] };
        await pool.saveUser(ctx, user);
      }
      // The pre-token-generation trigger ('Require SSO' refuses a Google sign-in of such a business's employee).
      await services.signIn({
        version: '1',
        region: 'local',
        userPoolId: pool.options.Id,
        triggerSource: 'TokenGeneration_HostedAuth',
        userName: user.Username,
        callerContext: { awsSdkVersion: 'local', clientId },
        request: { userAttributes: userAttributesOf(user), groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] } },
        response: { claimsOverrideDetails: {} },
      }).catch((error: Error) => {
        throw new Error(`PreTokenGeneration failed with error ${error.message}.`, { cause: error });
      });
      const tokens = await tokenGenerator.generate(ctx, user, await pool.listUserGroupMembership(ctx, user), client, undefined, 'Authentication');
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return tokens;
    },
  };
  return federation;
}

/** Cognito's ResendConfirmationCode: a fresh code for an unconfirmed user, delivered like the sign-up code. */
function resendConfirmationCode(services: Services): Route {
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = await pool.getUserByUsername(ctx, String(req.Username));
    if (!user) throw new cl.UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') throw new cl.InvalidParameterError('User is already confirmed.');
    const delivery = cl.selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? ['email'], user);
    const code = services.otp();
    await services.messages.deliver(ctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, req.ClientMetadata, delivery);
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: delivery };
  };
}

export function cognitoClient(s: LocalSettings): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: s.region,
    endpoint: `http://${s.host}:${s.cognitoPort}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Finds or creates the pool, its app client and groups (idempotent across restarts). */
export async function ensureUserPool(client: CognitoIdentityProviderClient, s: LocalSettings) {
  const def = userPoolDefinition;
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === s.userPoolName)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: s.userPoolName,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: def.passwordPolicy.minLength,
            RequireLowercase: def.passwordPolicy.requireLowercase,
            RequireUppercase: def.passwordPolicy.requireUppercase,
            RequireNumbers: def.passwordPolicy.requireDigits,
            RequireSymbols: def.passwordPolicy.requireSymbols,
          },
        },
        Schema: def.customAttributes.map((a) => ({ Name: a.name, AttributeDataType: 'String', Mutable: true, StringAttributeConstraints: { MaxLength: String(a.maxLength) } })),
      }),
    );
    userPoolId = created.UserPool!.Id!;
    for (const group of def.groups) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  // Google as a provider of the pool, as the CDK stack defines it (the hosted-UI stand-in is the Google behind it).
  const providers = (await client.send(new ListIdentityProvidersCommand({ UserPoolId: userPoolId, MaxResults: 60 }))).Providers ?? [];
  if (!providers.some((p) => p.ProviderName === 'Google')) {
    await client.send(
      new CreateIdentityProviderCommand({
        UserPoolId: userPoolId,
        ProviderName: 'Google',
        ProviderType: 'Google',
        ProviderDetails: { client_id: 'cardcrew-local-google', client_secret: 'cardcrew-local-google-secret', authorize_scopes: 'openid email profile' },
        AttributeMapping: { email: 'email', email_verified: 'email_verified', name: 'name', given_name: 'given_name', family_name: 'family_name', picture: 'picture', username: 'sub' },
      }),
    );
  }
  // The app client as the CDK stack defines it; updated on every start so an older .data folder gets new settings.
  const clientSettings = {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH' as const, 'ALLOW_USER_SRP_AUTH' as const, 'ALLOW_REFRESH_TOKEN_AUTH' as const],
    ReadAttributes: [...def.clientReadAttributes],
    WriteAttributes: [...def.clientWriteAttributes],
    AllowedOAuthFlows: ['code' as const],
    AllowedOAuthScopes: [...def.oauth.scopes],
    AllowedOAuthFlowsUserPoolClient: true,
    CallbackURLs: def.oauth.callbackPaths.map((path) => `${s.origin}${path}`),
    LogoutURLs: def.oauth.signOutPaths.map((path) => `${s.origin}${path}`),
    SupportedIdentityProviders: ['COGNITO', 'Google'],
  };
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === 'web')?.ClientId;
  if (userPoolClientId) {
    // Providers a business connected (single sign-on) stay supported across restarts, as they would in AWS.
    const current = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }));
    const connected = (current.UserPoolClient?.SupportedIdentityProviders ?? []).filter((name) => !clientSettings.SupportedIdentityProviders.includes(name));
    await client.send(
      new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId, ClientName: 'web', ...clientSettings, SupportedIdentityProviders: [...clientSettings.SupportedIdentityProviders, ...connected] }),
    );
  } else {
    const created = await client.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web', ...clientSettings }));
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, userPoolClientId };
}
