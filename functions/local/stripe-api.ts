// What every part of the local Stripe stand-in shares (functions/local/stripe.ts, stripe-connect.ts): ids, Stripe's
// answer and error shapes, the form encoding the official SDK sends, and the webhook signature Stripe computes.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** What the API answers: a status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}
export const ok = (body: unknown): Answer => ({ status: 200, body });
/** Stripe's error shape (`error.type`, `message`, `code`, `param`): the SDK turns it into a StripeInvalidRequestError. */
export const fail = (status: number, message: string, code?: string, param?: string): Answer => ({ status, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } });

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The `Stripe-Signature` header Stripe would send for `payload`. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** `metadata[key]=value` form fields, as the SDK encodes them. */
export function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) metadata[m[1]!] = value;
  }
  return metadata;
}
