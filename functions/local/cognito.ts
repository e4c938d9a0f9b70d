// cognito-local, run in-process with its own data folder, made to behave like the Cognito user pool it stands in
// for: confirmation and reset codes go to the local SES mailbox, the pool's password policy is enforced, a later
// confirmation works (ResendConfirmationCode, which cognito-local lacks), confirming marks the email verified, and
// ordinary refusals (a wrong password, an existing user) are not logged as errors.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import pino from 'pino';
import { passwordPolicyProblem } from '../src/identity/password-policy';
import { userPoolDefinition } from '../src/identity/user-pool-definition';
import { cognitoLocalInternals } from './cognito-internals';
import type { LocalSettings } from './settings';

const cl = cognitoLocalInternals();

interface CognitoMessage {
  __code?: string;
  emailMessage?: string;
  emailSubject?: string;
}

/** Sends cognito-local's codes through the local SES, like Cognito's own email in AWS. */
function sesMessageSender(s: LocalSettings) {
  const ses = new SESv2Client({ region: s.region, endpoint: `http://${s.host}:${s.sesPort}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const sendEmail = async (_ctx: unknown, _user: unknown, destination: string, message: CognitoMessage) => {
    const code = message.__code ?? '';
    const subject = message.emailSubject ?? 'Your CardCrew verification code';
    const text = message.emailMessage ?? `Your CardCrew verification code is ${code}`;
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'CardCrew <no-reply@cardcrew.local>',
        Destination: { ToAddresses: [destination] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text }, Html: { Data: `<p>${text.replace(/</g, '&lt;')}</p><p style="font-size:24px;font-weight:bold">${code}</p>` } } } },
      }),
    );
  };
  return { sendEmail, sendSms: async () => undefined };
}

export async function startCognito(s: LocalSettings): Promise<Server> {
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
  // No Lambda triggers are configured locally, so the trigger service never invokes a function.
  const noLambda = {
    invoke: () => {
      throw new Error('cognito-local Lambda triggers are not configured in the CardCrew local runtime');
    },
  };
  const triggers = new cl.TriggersService(clock, cognito, new cl.LambdaService(config.TriggerFunctions, noLambda), new cl.CryptoService(config.KMSConfig));
  const messages = new cl.MessagesService(triggers, new cl.MessageDeliveryService(sesMessageSender(s)));
  const all = { clock, cognito, config, messages, otp: cl.otp, tokenGenerator: new cl.JwtTokenGenerator(clock, triggers, config.TokenConfig), triggers };
  const router = withUserPoolFixes(cl.Router(all), { cognito, messages, otp: cl.otp });
  return cl.createServer(router, logger, config.ServerConfig, all).start();
}

type Route = (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>;

interface LocalUser {
  Username: string;
  UserStatus?: string;
  Attributes: { Name: string; Value?: string }[];
  ConfirmationCode?: string;
  RefreshTokens?: string[];
}
interface LocalUserPool {
  options: { Id: string; AutoVerifiedAttributes?: string[] };
  getUserByUsername(ctx: unknown, username: string): Promise<LocalUser | null>;
  saveUser(ctx: unknown, user: LocalUser): Promise<void>;
}
interface Services {
  cognito: { getUserPoolForClientId: (ctx: unknown, clientId: string) => Promise<LocalUserPool>; getUserPool: (ctx: unknown, userPoolId: string) => Promise<LocalUserPool> };
  messages: { deliver: (...args: unknown[]) => Promise<void> };
  otp: () => string;
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
    const route = router(target);
    const passwordOf = newPasswordOf[target];
    return async (ctx, req) => {
      const password = passwordOf?.(req);
      if (typeof password === 'string') {
        const problem = passwordPolicyProblem(password, userPoolDefinition.passwordPolicy);
        if (problem) throw new cl.CognitoError('InvalidPasswordException', problem);
      }
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
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === 'web')?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        ReadAttributes: [...def.clientReadAttributes],
        WriteAttributes: [...def.clientWriteAttributes],
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email', 'profile'],
        AllowedOAuthFlowsUserPoolClient: true,
        CallbackURLs: [`${s.origin}/auth`, `${s.origin}/`],
        LogoutURLs: [`${s.origin}/`],
        SupportedIdentityProviders: ['COGNITO'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, userPoolClientId };
}
