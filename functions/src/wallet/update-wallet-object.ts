// Keeps a saved Google Wallet pass current (issue 22 §2): the card-sharing reaction `googleWallet`. When a card's
// profile, brand or state changes, the card's Generic object is patched through the Wallet REST API with what the save
// link would carry now, and set INACTIVE when the card is not active (or is gone). A 404 means nobody saved the pass:
// nothing to do. Any other failure throws, so the worker retries the record. The access token (OAuth 2 JWT-bearer
// grant with the issuer's service-account key) is cached per container until shortly before it expires.
import { createPrivateKey, sign } from 'node:crypto';
import { walletIssuer } from '../adapters/wallet-issuer';
import type { CardChange } from '../business/card-changes';
import { walletConfig } from '../config';
import type { WalletIssuer } from '../adapters/wallet-issuer';
import { walletPassOf } from './build-wallet-save-url';
import { walletCardOf } from './wallet-card';

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** A token is renewed this long before Google says it expires. */
const RENEW_BEFORE_MS = 5 * 60_000;

let cachedToken: { token: string; expiresAt: number; account: string } | undefined;

const base64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

/** An access token for the Wallet API (Google's service-account flow, RFC 7523). */
async function accessToken(issuer: WalletIssuer, now = Date.now()): Promise<string> {
  if (cachedToken && cachedToken.account === issuer.serviceAccountEmail && cachedToken.expiresAt - RENEW_BEFORE_MS > now) return cachedToken.token;
  const tokenUrl = walletConfig().GOOGLE_OAUTH_TOKEN_URL;
  const iat = Math.floor(now / 1000);
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ iss: issuer.serviceAccountEmail, scope: WALLET_SCOPE, aud: tokenUrl, iat, exp: iat + 3600 })}`;
  const assertion = `${unsigned}.${sign('sha256', Buffer.from(unsigned), createPrivateKey(issuer.privateKey)).toString('base64url')}`;
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  if (!res.ok) throw new Error(`Google OAuth token request failed: ${res.status} ${await res.text()}`);
  const { access_token, expires_in } = (await res.json()) as { access_token: string; expires_in: number };
  cachedToken = { token: access_token, expiresAt: now + expires_in * 1000, account: issuer.serviceAccountEmail };
  return access_token;
}

/** The card's object id and the fields a change may touch, as the save link sets them. */
export function walletObjectPatch(issuer: WalletIssuer, change: CardChange): { objectId: string; body: Record<string, unknown> } {
  const card = change.after ?? change.before!;
  const object = walletPassOf(issuer, walletCardOf(card)).genericObjects[0]!;
  if (!change.after) return { objectId: object.id, body: { state: 'INACTIVE' } };
  const { header, subheader, cardTitle, logo, hexBackgroundColor, barcode, linksModuleData } = object as typeof object & { subheader?: unknown; logo?: unknown };
  return {
    objectId: object.id,
    body: {
      cardTitle,
      header,
      ...(subheader ? { subheader } : {}),
      ...(logo ? { logo } : {}),
      hexBackgroundColor,
      barcode,
      linksModuleData,
      state: change.after.isActive ? 'ACTIVE' : 'INACTIVE',
    },
  };
}

/**
 * The PATCH a change calls for, or null when the pass would show the same as before (an e-mail or phone change):
 * no call to Google's API, whose quota is per issuer.
 */
export function walletObjectUpdate(issuer: WalletIssuer, change: CardChange): { objectId: string; body: Record<string, unknown> } | null {
  const patch = walletObjectPatch(issuer, change);
  if (change.before && change.after && JSON.stringify(walletObjectPatch(issuer, { ...change, after: change.before }).body) === JSON.stringify(patch.body)) return null;
  return patch;
}

/** The card-sharing reaction: patches the card's saved pass, if Google Wallet is configured and the pass was saved. */
export async function updateWalletObject(change: CardChange): Promise<void> {
  const issuer = await walletIssuer();
  const update = issuer && walletObjectUpdate(issuer, change);
  if (!issuer || !update) return;
  const { objectId, body } = update;
  const url = `${walletConfig().GOOGLE_WALLET_API_BASE}genericObject/${encodeURIComponent(objectId)}`;
  const res = await fetch(url, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await accessToken(issuer)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // Never saved by anyone: there is no pass to update.
  if (res.status === 404) return;
  if (res.status === 401) cachedToken = undefined;
  if (!res.ok) throw new Error(`Google Wallet object update failed: ${res.status} ${await res.text()}`);
}
