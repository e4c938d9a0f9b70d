import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, getConfig, loadConfig, startFromKeptConfig } from './config';

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

describe('startFromKeptConfig (a signed-in page draws before /config.json answers)', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what loadConfig read, and uses it at once on the next boot', async () => {
    await loadConfig(answer(valid));
    expect(JSON.parse(stored.get('cardcrew.config')!)).toEqual(valid);
    const reload = vi.fn();
    let answerRead!: (config: typeof valid) => void;
    const read = new Promise<never>((resolve) => (answerRead = resolve as never));
    expect(startFromKeptConfig(read, reload)).toBe(true);
    expect(getConfig()).toEqual(valid);
    answerRead(valid);
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads the page again when a deploy changed the configuration, once the new one is kept', async () => {
    stored.set('cardcrew.config', JSON.stringify({ ...valid, userPoolClientId: 'old-client' }));
    const reload = vi.fn();
    const read = loadConfig(answer(valid));
    expect(startFromKeptConfig(read, reload)).toBe(true);
    expect(getConfig().userPoolClientId).toBe('old-client');
    await read;
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(stored.get('cardcrew.config')!).userPoolClientId).toBe('client');
  });

  it('does not load the page again when the new configuration cannot be kept (no loop without storage)', async () => {
    stored.set('cardcrew.config', JSON.stringify({ ...valid, userPoolClientId: 'old-client' }));
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: () => { throw new Error('quota'); } });
    const reload = vi.fn();
    const read = loadConfig(answer(valid));
    startFromKeptConfig(read, reload);
    await read;
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).not.toHaveBeenCalled();
  });

  it('waits for /config.json when nothing is kept, or what is kept is not a configuration', () => {
    expect(startFromKeptConfig(new Promise(() => undefined), vi.fn())).toBe(false);
    stored.set('cardcrew.config', JSON.stringify({ region: 'x' }));
    expect(startFromKeptConfig(new Promise(() => undefined), vi.fn())).toBe(false);
  });

  it('stays on the kept configuration when /config.json fails', async () => {
    stored.set('cardcrew.config', JSON.stringify(valid));
    const reload = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(startFromKeptConfig(Promise.reject(new ConfigError('GET /config.json answered 502')), reload)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).not.toHaveBeenCalled();
    expect(getConfig()).toEqual(valid);
    expect(error).toHaveBeenCalled();
  });
});
