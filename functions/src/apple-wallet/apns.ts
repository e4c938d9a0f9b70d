// Telling devices a pass changed (issue 22 §1): APNs over HTTP/2 with token-based authentication — an ES256 JWT
// {iss: team id, iat} with the APNs key id as `kid`, refreshed every 30 minutes (APNs refuses one older than an hour
// and one refreshed more often than every 20). POST /3/device/{pushToken} with `apns-topic` = the pass type id and an
// empty JSON payload, as Wallet expects; Wallet then asks the web service what changed. In AWS: api.push.apple.com;
// locally the stand-in functions/local/apns.ts (APNS_ENDPOINT).
import { connect, type ClientHttp2Session } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { AppleWalletSigner } from '../adapters/apple-wallet-signer';
import { appleWalletConfig } from '../config';

export const APNS_PRODUCTION = 'https://api.push.apple.com';
const TOKEN_SECONDS = 30 * 60;

let token: { value: string; issuedAt: number; keyId: string } | undefined;

async function providerToken(signer: AppleWalletSigner & { apnsKeyId: string; apnsKey: string }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  if (token && token.keyId === signer.apnsKeyId && now - token.issuedAt < TOKEN_SECONDS) return token.value;
  const key = await importPKCS8(signer.apnsKey, 'ES256');
  const value = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: signer.apnsKeyId }).setIssuer(signer.teamIdentifier).setIssuedAt(now).sign(key);
  token = { value, issuedAt: now, keyId: signer.apnsKeyId };
  return value;
}

export type PushOutcome = 'sent' | 'unregistered' | { failed: number; reason: string };

function post(session: ClientHttp2Session, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ':method': 'POST', ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    let status = 0;
    let text = '';
    req.setEncoding('utf8');
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve({ status, body: text }));
    req.on('error', reject);
    req.setTimeout(10_000, () => req.close());
    req.end(body);
  });
}

/** Pushes "this pass changed" to each token over one HTTP/2 connection; the outcome per token. */
export async function pushPassUpdates(signer: AppleWalletSigner, pushTokens: readonly string[]): Promise<Map<string, PushOutcome>> {
  const outcomes = new Map<string, PushOutcome>();
  if (!signer.apnsKey || !signer.apnsKeyId || pushTokens.length === 0) return outcomes;
  const jwt = await providerToken(signer as AppleWalletSigner & { apnsKeyId: string; apnsKey: string });
  const session = connect(appleWalletConfig().APNS_ENDPOINT ?? APNS_PRODUCTION);
  session.on('error', () => undefined);
  try {
    for (const pushToken of pushTokens) {
      const res = await post(session, { ':path': `/3/device/${pushToken}`, authorization: `bearer ${jwt}`, 'apns-topic': signer.passTypeIdentifier, 'apns-push-type': 'background', 'apns-priority': '5' }, '{}');
      if (res.status === 200) outcomes.set(pushToken, 'sent');
      else if (res.status === 410) outcomes.set(pushToken, 'unregistered');
      else outcomes.set(pushToken, { failed: res.status, reason: (JSON.parse(res.body || '{}') as { reason?: string }).reason ?? '' });
    }
  } finally {
    session.close();
  }
  return outcomes;
}
