// Test helpers over the running local runtime: users and tokens from the local user pool, API calls, and
// direct reads of the table (so tests assert stored state, not only responses).
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { markedCardUrl, type ScanSource } from '../../shared/scan-sources';
import { userAgents } from './user-agents';

export const runtime = inject('runtime');
export const origin = runtime.origin;
Object.assign(process.env, runtime.env);

export const cognito = new CognitoIdentityProviderClient({
  region: 'us-east-1',
  endpoint: runtime.env.COGNITO_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

/** The entities bound to the test runtime's table (imported after the environment is set). */
export async function tables() {
  const { db } = await import('../../functions/src/data/entities');
  return db();
}

export interface TestUser {
  email: string;
  password: string;
  idToken: string;
  /** The access token of the same sign-in (the API must refuse it: it accepts ID tokens only). */
  accessToken: string;
  sub: string;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
/** A domain nobody has added yet (not under .localhost, so the tenant stand-in keeps it pending DNS). */
export const uniqueDomain = (prefix = 'cards') => `${prefix}-${randomBytes(5).toString('hex')}.example.com`;

/** A confirmed user in the local pool, signed in with USER_PASSWORD_AUTH. */
export async function createUser(options: { email?: string; groups?: string[] } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = 'Test1234!';
  const UserPoolId = runtime.ids.userPoolId;
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
  for (const group of options.groups ?? []) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: group }));
  return signIn(email, password);
}

export async function signIn(email: string, password: string): Promise<TestUser> {
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: runtime.ids.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const idToken = auth.AuthenticationResult!.IdToken!;
  const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  return { email, password, idToken, accessToken: auth.AuthenticationResult!.AccessToken!, sub };
}

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** Calls the API like the web app does; `body` objects are sent as JSON, strings as they are. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely
export async function api<T = any>(method: string, path: string, options: { user?: TestUser | null; body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.user) headers.authorization = `Bearer ${options.user.idToken}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = options.from ? await requestFrom(options.from, method, `${origin}${path}`, headers, body) : await fetch(`${origin}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

/**
 * Opens a card page as a person would: from a phone by default, by a shared link or through a channel that marks the
 * URL (`?s=qr` for the QR code, shared/scan-sources.ts), or with a raw `mark` (`mark: 'x'` opens `?s=x`).
 */
export function scanCard(cardId: string, options: { device?: keyof typeof userAgents; via?: ScanSource; mark?: string } = {}): Promise<Response> {
  const url = `${origin}/card/${cardId}`;
  const target = options.mark !== undefined ? `${url}?s=${encodeURIComponent(options.mark)}` : options.via && options.via !== 'link' ? markedCardUrl(url, options.via) : url;
  return fetch(target, { headers: { 'user-agent': userAgents[options.device ?? 'phone'] } });
}

/** A random loopback address (all of 127/8 reaches the server), so per-client limits start fresh for each caller. */
export function freshClientAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${a}.${b}.${Math.max(2, c!)}`;
}

/** A fetch-like request sent from a given loopback address (fetch cannot choose its local address). */
function requestFrom(localAddress: string, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Response> {
  return new Promise((resolveResponse, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        const status = res.statusCode ?? 0;
        const payload = method === 'HEAD' || status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolveResponse(new Response(payload, { status, headers: h }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const validBusinessForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test Co',
  industry: 'Testing',
  website: 'https://test.example',
  description: 'We test things',
  billingEmail: uniqueEmail('billing'),
  billingAddress: '1 Test Street',
  billingCity: 'Testville',
  billingCountry: 'United States',
  billingPostalCode: '12345',
  ...overrides,
});

/** A signed-in owner with a business (through the real API). */
export async function createOwnerWithBusiness(overrides: Record<string, unknown> = {}) {
  const owner = await createUser();
  const created = await api('POST', '/api/businesses', { user: owner, body: validBusinessForm(overrides) });
  if (created.status !== 201) throw new Error(`business not created: ${created.status} ${created.text}`);
  // Tokens carry no business data; the API reads memberships from the table on every call.
  return { owner, business: created.body as { id: string; name: string; billingEmail: string } };
}

export async function addEmployee(owner: TestUser, businessId: string, overrides: Record<string, unknown> = {}) {
  const res = await api('POST', `/api/businesses/${businessId}/employees`, {
    user: owner,
    body: { name: 'Erin Employee', email: uniqueEmail('erin'), jobTitle: 'Engineer', officePhone: '+1 555 0100', status: 'active', ...overrides },
  });
  if (res.status !== 201) throw new Error(`employee not created: ${res.status} ${res.text}`);
  return res.body as { id: string; name: string; email: string; card: { id: string; qrCodeUrl: string; cardUrl: string; scanCount: number } };
}

/** Emails the local SES received (aws-ses-v2-local's GET /store). */
export async function mailbox(): Promise<{ to: string[] | string; from: string; replyTo: string[]; subject: string; body: { text?: string; html?: string } }[]> {
  const res = await fetch(`http://127.0.0.1:${runtime.settings.sesPort}/store`);
  const data = (await res.json()) as { emails: { destination: { to: string[] }; from: string; replyTo: string[]; subject: string; body: { text?: string; html?: string } }[] };
  return data.emails.map((e) => ({ to: e.destination.to, from: e.from, replyTo: e.replyTo, subject: e.subject, body: e.body }));
}

/** A request to the local server as a browser on `host` sends it (fetch may not set Host). */
export function onHost(host: string, method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; text: string }> {
  const site = new URL(runtime.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: site.hostname, port: site.port, method, path, headers: { host: `${host}:${site.port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
