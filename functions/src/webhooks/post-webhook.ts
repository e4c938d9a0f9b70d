// One delivery attempt over HTTP: resolve the endpoint's host, refuse it when any answer is a private, loopback or
// link-local address, then connect to the address that was checked (the request's `lookup` returns it), so DNS
// rebinding between the check and the connection cannot reach the inside. Redirects are never followed (a 3xx is a
// failed attempt); the answer's body is read up to a few hundred bytes for the delivery log.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isForbiddenAddress, isLocalReceiverHost, urlProblem } from './address-rules';

/** An endpoint has this long to answer (Standard Webhooks suggests a short timeout; the attempt is retried). */
export const DELIVERY_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_CHARS = 500;

export interface AttemptOutcome {
  ok: boolean;
  /** The HTTP status, when an answer came. */
  status?: number;
  /** Why the attempt failed without an answer (or why a 3xx is not followed). */
  error?: string;
  /** The start of the answer's body. */
  response?: string;
  durationMs: number;
}

/** The address to connect to, checked: the first answer, and only when no answer is forbidden. */
export async function resolveCheckedAddress(hostname: string, local: boolean): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await dnsLookup(host, { all: true, verbatim: true });
  if (answers.length === 0) throw new Error(`${hostname} does not resolve`);
  const localReceiver = local && isLocalReceiverHost(hostname);
  for (const answer of answers) {
    const allowed = localReceiver ? answer.address === '127.0.0.1' || answer.address === '::1' : !isForbiddenAddress(answer.address);
    if (!allowed) throw new Error(`${hostname} resolves to ${answer.address}, a private address webhooks are not sent to`);
  }
  return answers[0]!;
}

/** POSTs `body` with `headers` to `url` under the address rules; never throws. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, local: boolean): Promise<AttemptOutcome> {
  const started = Date.now();
  const done = (o: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({ ...o, durationMs: Date.now() - started });
  const problem = urlProblem(url, local);
  if (problem) return done({ ok: false, error: `The URL is refused (${problem})` });
  const target = new URL(url);
  let pinned: { address: string; family: number };
  try {
    pinned = await resolveCheckedAddress(target.hostname, local);
  } catch (error) {
    return done({ ok: false, error: (error as Error).message });
  }
  // The connection goes to the checked address whatever the name would resolve to now; TLS still checks the name.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'CardCrew-Webhooks/1' },
    lookup,
    timeout: DELIVERY_TIMEOUT_MS,
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolveOutcome) => {
    const req = send(target, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < MAX_RESPONSE_CHARS) text += chunk;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const response = text.slice(0, MAX_RESPONSE_CHARS);
        if (status >= 300 && status < 400) resolveOutcome(done({ ok: false, status, response, error: 'Redirects are not followed' }));
        else resolveOutcome(done({ ok: status >= 200 && status < 300, status, response }));
      });
      res.on('error', (error) => resolveOutcome(done({ ok: false, status: res.statusCode, error: error.message })));
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => resolveOutcome(done({ ok: false, error: error.message })));
    req.end(body);
  });
}
