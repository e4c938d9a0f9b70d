// The secrets a pass carries and the download link (issue 22 §1), all HMACs under one key derived from the pass
// signing key, so nothing has to be stored and every copy of a card's pass agrees:
// - authenticationToken: HMAC(`auth:{cardId}`), the same for every download of a card, so a pass installed on one
//   device keeps updating when the same card is added again elsewhere. It changes when the signing key is renewed.
// - the download link: `/api/apple-wallet/passes/{cardId}?expires=…&signature=…`, HMAC(`download:{cardId}:{expires}`),
//   valid for 5 minutes and for that card only. It needs no bearer token, because Safari must open it as a plain
//   navigation for Wallet to take the pass; within its 5 minutes it may be opened again (Safari may fetch twice).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** The HMAC key: a hash of the signer's private key (never the key itself). */
export const passSecretOf = (signerKeyPem: string) => createHash('sha256').update(`cardcrew-apple-wallet:${signerKeyPem}`).digest();

const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function authenticationTokenOf(secret: Buffer, cardId: string): string {
  return mac(secret, `auth:${cardId}`);
}

export function isAuthenticationToken(secret: Buffer, cardId: string, token: string): boolean {
  return sameText(authenticationTokenOf(secret, cardId), token);
}

export interface DownloadGrant {
  expires: number;
  signature: string;
}

/** A download grant for `cardId`, valid until `now + 5 minutes` (seconds since the epoch). */
export function downloadGrantOf(secret: Buffer, cardId: string, nowMs = Date.now()): DownloadGrant {
  const expires = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_SECONDS;
  return { expires, signature: mac(secret, `download:${cardId}:${expires}`) };
}

/** 'valid', or why not: a signature that is not ours for this card and time, or a link past its time. */
export function checkDownloadGrant(secret: Buffer, cardId: string, grant: DownloadGrant, nowMs = Date.now()): 'valid' | 'forged' | 'expired' {
  if (!sameText(mac(secret, `download:${cardId}:${grant.expires}`), grant.signature)) return 'forged';
  // A link from a clock far ahead (or a forged far-future time, which the HMAC already refuses) is not longer-lived.
  if (grant.expires * 1000 < nowMs || grant.expires * 1000 > nowMs + (DOWNLOAD_LINK_SECONDS + 60) * 1000) return 'expired';
  return 'valid';
}
