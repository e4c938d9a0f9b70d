// Standard Webhooks signing: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`),
// made by the `standardwebhooks` library. While a rotated secret's overlap runs, both secrets sign and the header
// carries both signatures separated by a space, as the scheme allows, so a receiver holding either one verifies.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** `whsec_` and 32 random bytes in base64, the form Standard Webhooks libraries read. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The three headers of one attempt, signed now with every secret given. */
export function signedHeaders(messageId: string, payload: string, secrets: readonly string[], at = new Date()): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, payload));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
