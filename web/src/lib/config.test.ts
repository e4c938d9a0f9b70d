import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const valid = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:3000/cognito',
  authFlow: 'USER_PASSWORD_AUTH',
  oauthDomain: null,
  publicOrigin: 'http://127.0.0.1:3000',
  local: true,
  mailboxUrl: 'http://127.0.0.1:8005',
  wallets: { google: true, apple: true },
};

const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('loadConfig', () => {
  it('accepts the local configuration', async () => {
    await expect(loadConfig(answer(valid))).resolves.toEqual(valid);
  });

  it('accepts the AWS shape (no endpoint, SRP, no mailbox)', async () => {
    const aws = { ...valid, userPoolEndpoint: null, authFlow: 'USER_SRP_AUTH', local: false, mailboxUrl: null, oauthDomain: 'auth.example.com' };
    await expect(loadConfig(answer(aws))).resolves.toEqual(aws);
  });

  it('refuses an unknown auth flow', async () => {
    await expect(loadConfig(answer({ ...valid, authFlow: 'CUSTOM_AUTH' }))).rejects.toBeInstanceOf(ConfigError);
  });

  it('names every wrong field: an empty id, a URL that is no URL, a missing flag', async () => {
    const { local: _omitted, ...withoutLocal } = valid;
    await expect(loadConfig(answer({ ...withoutLocal, userPoolId: '', publicOrigin: 'not a url' }))).rejects.toThrow(
      'Invalid /config.json: userPoolId, publicOrigin, local',
    );
    await expect(loadConfig(answer({ ...valid, mailboxUrl: 'javascript:alert(1)' }))).rejects.toThrow('mailboxUrl');
    await expect(loadConfig(answer('text'))).rejects.toBeInstanceOf(ConfigError);
    await expect(loadConfig(answer({ ...valid, wallets: { google: 'yes', apple: false } }))).rejects.toThrow('Invalid /config.json: wallets');
    await expect(loadConfig(answer({ ...valid, wallets: null }))).rejects.toThrow('wallets');
  });

  it('keeps only the known fields', async () => {
    await expect(loadConfig(answer({ ...valid, extra: 'x' }))).resolves.toEqual(valid);
  });

  it('refuses a failed request', async () => {
    await expect(loadConfig(answer({}, 502))).rejects.toThrow('answered 502');
  });
});
