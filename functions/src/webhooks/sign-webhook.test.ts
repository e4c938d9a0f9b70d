import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, signingSecrets } from './deliver-webhooks';
import { newWebhookSecret, signedHeaders } from './sign-webhook';

describe('Standard Webhooks signatures', () => {
  const payload = JSON.stringify({ type: 'lead.created', timestamp: '2026-11-28T07:00:00.000Z', data: { name: 'Ada' } });

  it('makes secrets of the form whsec_ + base64 of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs so that the standardwebhooks library verifies the delivery', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders('msg_1', payload, [secret]);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(payload, headers)).toEqual(JSON.parse(payload));
    expect(() => new Webhook(newWebhookSecret()).verify(payload, headers)).toThrow();
    expect(() => new Webhook(secret).verify(payload.replace('Ada', 'Eve'), headers)).toThrow();
  });

  it('signs with both secrets during a rotation’s overlap, so a receiver holding either verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = Date.parse('2026-11-28T07:00:00Z');
    const endpoint = { secret: current, previousSecret: previous, previousSecretExpiresAt: '2026-11-29T07:00:00.000Z' };
    expect(signingSecrets(endpoint, now)).toEqual([current, previous]);
    const headers = signedHeaders('msg_2', payload, signingSecrets(endpoint, now));
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(payload, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(payload, headers)).toBeTruthy();
    // After the overlap only the new secret signs.
    expect(signingSecrets(endpoint, Date.parse('2026-11-29T07:00:01Z'))).toEqual([current]);
  });
});

describe('the retry schedule', () => {
  it('retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h after the event, then gives up', () => {
    const created = '2026-11-28T00:00:00.000Z';
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAt(created, n))).toEqual([
      '2026-11-28T00:00:05.000Z',
      '2026-11-28T00:05:00.000Z',
      '2026-11-28T00:30:00.000Z',
      '2026-11-28T02:00:00.000Z',
      '2026-11-28T05:00:00.000Z',
      '2026-11-28T10:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
    ]);
    expect(nextAttemptAt(created, 8)).toBeNull();
  });
});
