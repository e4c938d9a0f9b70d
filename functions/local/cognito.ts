// cognito-local, run in-process with its own data folder. Confirmation and reset codes are delivered to the
// local SES mailbox (instead of cognito-local's console box), so a newcomer reads them like real mail.
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
import { userPoolDefinition } from '../src/identity/user-pool-definition';
import type { LocalSettings } from './settings';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createServer } = require('cognito-local/lib/server/server');
const { Router } = require('cognito-local/lib/server/Router');
const { loadConfig } = require('cognito-local/lib/server/config');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb');
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService');
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService');
const services = require('cognito-local/lib/services');
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const { CryptoService } = require('cognito-local/lib/services/crypto');
const { otp } = require('cognito-local/lib/services/otp');
const AWS = require('aws-sdk');

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
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'warn' });
  const ctx = { logger };
  const config = await loadConfig(ctx, new StormDBDataStoreFactory(join(s.dataDir, 'cognito')));
  config.TokenConfig = { IssuerDomain: `http://${s.host}:${s.cognitoPort}` };
  config.ServerConfig = { port: s.cognitoPort, hostname: s.host, development: false };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(dataDirectory, dataStoreFactory, new UserPoolServiceFactoryImpl(clock, dataStoreFactory)).create(
    ctx,
    config.UserPoolDefaults,
  );
  const triggers = new services.TriggersService(clock, cognito, new services.LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)), new CryptoService(config.KMSConfig));
  const all = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(sesMessageSender(s))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  return createServer(verifyingEmailOnConfirm(Router(all), cognito), logger, config.ServerConfig, all).start();
}

type Route = (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>;

interface LocalUser {
  Attributes: { Name: string; Value?: string }[];
}
interface LocalUserPool {
  getUserByUsername(ctx: unknown, username: string): Promise<LocalUser | null>;
  saveUser(ctx: unknown, user: LocalUser): Promise<void>;
}

/** Cognito marks the email verified when a sign-up code is confirmed; cognito-local does not, so we add it. */
function verifyingEmailOnConfirm(router: (target: string) => Route, cognito: { getUserPoolForClientId: (ctx: unknown, clientId: string) => Promise<LocalUserPool> }) {
  return (target: string): Route => {
    const route = router(target);
    if (target !== 'ConfirmSignUp') return route;
    return async (ctx, req) => {
      const output = await route(ctx, req);
      const pool = await cognito.getUserPoolForClientId(ctx, String(req.ClientId));
      const user = await pool.getUserByUsername(ctx, String(req.Username));
      if (user) {
        const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
        await pool.saveUser(ctx, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
      }
      return output;
    };
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
