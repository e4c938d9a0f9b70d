// "Only through CloudFront": CloudFront adds a secret header to every request it sends the API; a request that
// reaches API Gateway's own URL without it (skipping WAF, CloudFront's logs and headers) is refused. Locally no
// secret is configured and every request is accepted.
import { timingSafeEqual } from 'node:crypto';
import { edgeConfig } from '../config';

/** The header CloudFront's API origin sets (infra/web-stack.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** True when `headers` carry `secret` (compared in constant time); always true without a secret. */
export function cameThroughEdge(headers: Record<string, string | undefined> | undefined, secret: string | undefined): boolean {
  if (!secret) return true;
  const sent = Buffer.from(headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  const expected = Buffer.from(secret);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export function isFromEdge(headers: Record<string, string | undefined> | undefined): boolean {
  return cameThroughEdge(headers, edgeConfig().ORIGIN_VERIFY_SECRET);
}
