// The local Google Wallet stand-in (issue 22 §2), started by `npm start` like the Stripe stand-in. On first start it
// creates the local issuer (an issuer id and a service-account key file with Google's fields) in the data folder; the
// local handlers sign save links and call the Wallet API with it, exactly as in AWS with Google's. It serves:
// - the save page `GET /gp/v/save/{jwt}`: checks the JWT as Google does (functions/local/google-wallet-checks.ts) and
//   shows the pass with Add and Cancel; Add stores the class and object as Google's save inserts them; a bad JWT gets
//   an error page like Google's;
// - the Wallet REST API for Generic objects (`/walletobjects/v1/genericObject/{id}`: GET, PATCH, PUT) behind the
//   OAuth 2 JWT-bearer token endpoint `POST /token`, with Google's error shape;
// - `GET /_local/objects/{id}`: a saved object with every update it received (for tests and curious developers).
// Saved classes and objects live in the data folder, so a restart keeps them as Google would.
import { createPublicKey, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { qrModules } from '../../shared/qr-pixels';
import { checkSaveJwt, checkTokenAssertion, genericObjectProblem, localizedText, type SaveRequest } from './google-wallet-checks';
import { googleWalletKeyFile, type LocalSettings } from './settings';
import { escapeHtml, readBody } from './stripe';

/** Google's service-account key file fields, plus the issuer id (the same shape as the AWS secret, docs/deploy.md). */
export interface LocalWalletIssuer {
  issuerId: string;
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
}

/** The local issuer, created once in the data folder. */
export function ensureLocalWalletIssuer(s: LocalSettings): LocalWalletIssuer {
  const file = googleWalletKeyFile(s);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalWalletIssuer;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issuer: LocalWalletIssuer = {
    // Google's issuer ids are 19 digits starting 3388000000.
    issuerId: `3388000000${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    type: 'service_account',
    project_id: 'cardcrew-local',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'cardcrew-wallet@cardcrew-local.iam.gserviceaccount.com',
    client_id: String(randomInt(1e11, 1e12)),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: `http://${s.host}:${s.googleWalletPort}/token`,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(issuer, null, 2), { mode: 0o600 });
  return issuer;
}

type Json = Record<string, unknown>;

/** A saved object and every change the API made to it. */
interface SavedObject {
  object: Json;
  savedAt: string;
  updates: { method: 'PATCH' | 'PUT'; at: string; body: Json }[];
}

interface Store {
  classes: Record<string, Json>;
  objects: Record<string, SavedObject>;
}

const page = (title: string, body: string, status = 200) => ({
  status,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,Roboto,Arial,sans-serif;background:#f1f3f4;color:#202124;margin:0;min-height:100vh}header{background:#fff;border-bottom:1px solid #dadce0;padding:12px 20px;font-size:18px;color:#3c4043}main{max-width:400px;margin:24px auto;padding:0 16px}h1{font-size:22px;font-weight:400;margin:0 0 16px}.pass{border-radius:20px;padding:20px;margin-bottom:20px;box-shadow:0 1px 3px rgba(0,0,0,.3)}.pass .top{display:flex;align-items:center;gap:12px;margin-bottom:16px}.pass img.logo{width:40px;height:40px;border-radius:50%;background:#fff;object-fit:cover}.pass .label{font-size:14px;margin:0}.pass .name{font-size:24px;margin:4px 0}.pass .title{font-size:16px;margin:0 0 16px}.qr{background:#fff;border-radius:12px;padding:12px;width:200px;margin:0 auto;text-align:center;color:#202124}.qr svg{width:176px;height:176px;display:block;margin:0 auto}.qr p{font-size:11px;word-break:break-all;margin:8px 0 0}.actions{display:flex;gap:12px;justify-content:flex-end}.actions form{margin:0}button{font:inherit;font-weight:500;border-radius:20px;padding:10px 24px;cursor:pointer}.add{background:#1a73e8;color:#fff;border:0}.cancel{background:#fff;color:#1a73e8;border:1px solid #dadce0}button:focus-visible{outline:3px solid #174ea6;outline-offset:2px}details{margin-top:16px;color:#3c4043}code{word-break:break-all}</style></head>
<body><header>Google Wallet <span style="color:#5f6368">(local stand-in)</span></header><main>${body}</main></body></html>`,
});

/** Black or white text, whichever reads on the pass colour (as Google picks it from the background). */
function textColourOn(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.179 ? '#000000' : '#ffffff';
}

/** The QR code of `value` as inline SVG (the same encoder as the product's QR images). */
function qrSvg(value: string): string {
  const { modules, count } = qrModules(value, 'M');
  let d = '';
  modules.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return `<svg role="img" aria-label="QR code" viewBox="0 0 ${count} ${count}" shape-rendering="crispEdges"><rect width="${count}" height="${count}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

function passHtml(object: Json): string {
  const background = typeof object.hexBackgroundColor === 'string' ? object.hexBackgroundColor : '#4285f4';
  const logo = object.logo as { sourceUri: { uri: string }; contentDescription?: unknown } | undefined;
  const barcode = object.barcode as { value: string; alternateText?: string } | undefined;
  const subheader = localizedText(object.subheader);
  return `<section class="pass" aria-label="Pass" style="background:${escapeHtml(background)};color:${textColourOn(background)}">
<div class="top">${logo ? `<img class="logo" src="${escapeHtml(logo.sourceUri.uri)}" alt="${escapeHtml(localizedText(logo.contentDescription) ?? 'Logo')}">` : ''}<p class="label">${escapeHtml(localizedText(object.cardTitle)!)}</p></div>
<p class="name">${escapeHtml(localizedText(object.header)!)}</p>${subheader ? `<p class="title">${escapeHtml(subheader)}</p>` : ''}
${barcode ? `<div class="qr">${qrSvg(barcode.value)}<p data-testid="barcode-value">${escapeHtml(barcode.value)}</p></div>` : ''}</section>`;
}

function savePage(jwt: string, request: SaveRequest) {
  const action = `/gp/v/save/${jwt}`;
  return page(
    'Add to Google Wallet',
    `<h1>Add to Google Wallet</h1>${request.genericObjects.map(passHtml).join('')}
<div class="actions"><form method="post" action="${action}"><input type="hidden" name="decision" value="cancel"><button class="cancel" type="submit">Cancel</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="add"><button class="add" type="submit">Add</button></form></div>`,
  );
}

const errorPage = (reason: string) =>
  page(
    'Something went wrong',
    `<h1>Something went wrong. Please try again.</h1><p>This pass can't be added to Google Wallet.</p><details><summary>Details for developers</summary><p><code>${escapeHtml(reason)}</code></p></details>`,
    400,
  );

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Google's API error shape. */
const googleError = (res: ServerResponse, code: number, status: string, message: string) => json(res, code, { error: { code, message, status } });

export function startGoogleWalletStandIn(s: LocalSettings): Promise<Server> {
  const issuer = ensureLocalWalletIssuer(s);
  const publicKey = createPublicKey(issuer.private_key).export({ type: 'spki', format: 'pem' }).toString();
  const publicKeyOf = (email: string) => (email === issuer.client_email ? publicKey : undefined);
  const base = `http://${s.host}:${s.googleWalletPort}`;
  const storeFile = join(dirname(googleWalletKeyFile(s)), 'objects.json');
  const store: Store = existsSync(storeFile) ? (JSON.parse(readFileSync(storeFile, 'utf8')) as Store) : { classes: {}, objects: {} };
  const persist = () => writeFileSync(storeFile, JSON.stringify(store, null, 2));
  /** Access tokens handed out, with their expiry (ms). */
  const tokens = new Map<string, number>();

  const check = (jwt: string) => checkSaveJwt(jwt, { publicKeyOf, issuerId: issuer.issuerId, siteOrigin: s.origin, existingClassIds: new Set(Object.keys(store.classes)) });

  async function handle(method: string, url: URL, authorization: string | undefined, body: () => Promise<string>, res: ServerResponse) {
    const path = url.pathname;
    if (path === '/health') return json(res, 200, { ok: true });

    const save = /^\/gp\/v\/save\/([^/]+)$/.exec(path);
    if (save && (method === 'GET' || method === 'POST')) {
      const jwt = save[1]!;
      const checked = check(jwt);
      const answer = !checked.ok
        ? errorPage(checked.reason)
        : method === 'GET'
          ? savePage(jwt, checked.value)
          : new URLSearchParams(await body()).get('decision') === 'add'
            ? addPass(checked.value)
            : page('Not saved', '<h1>Not saved</h1><p>The pass was not added to Google Wallet. You can close this tab.</p>');
      res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(answer.html);
    }

    if (method === 'POST' && path === '/token') {
      const form = new URLSearchParams(await body());
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Only the JWT bearer grant is supported.' });
      const checked = checkTokenAssertion(form.get('assertion') ?? '', { publicKeyOf, tokenUrl: `${base}/token` });
      if (!checked.ok) return json(res, 400, { error: 'invalid_grant', error_description: checked.reason });
      const token = `ya29.local-${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + 3600_000);
      return json(res, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }

    const api = /^\/walletobjects\/v1\/genericObject\/([^/]+)$/.exec(path);
    if (api) {
      const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      const expires = bearer ? tokens.get(bearer) : undefined;
      if (!expires || expires < Date.now()) return googleError(res, 401, 'UNAUTHENTICATED', 'Request is missing required authentication credential. Expected OAuth 2 access token.');
      const id = decodeURIComponent(api[1]!);
      const saved = store.objects[id];
      if (!saved) return googleError(res, 404, 'NOT_FOUND', `No genericObject with id ${id}.`);
      if (method === 'GET') return json(res, 200, saved.object);
      if (method === 'PATCH' || method === 'PUT') {
        let update: Json;
        try {
          update = JSON.parse(await body()) as Json;
        } catch {
          return googleError(res, 400, 'INVALID_ARGUMENT', 'The request body is not JSON.');
        }
        if (update.id !== undefined && update.id !== id) return googleError(res, 400, 'INVALID_ARGUMENT', `The body's id ${String(update.id)} does not match ${id}.`);
        // PATCH changes the fields it names; PUT replaces the object.
        const next = method === 'PATCH' ? { ...saved.object, ...update, id } : { ...update, id };
        const problem = genericObjectProblem(next, issuer.issuerId, new Set(Object.keys(store.classes)));
        if (problem) return googleError(res, 400, 'INVALID_ARGUMENT', problem);
        saved.object = next;
        saved.updates.push({ method, at: new Date().toISOString(), body: update });
        persist();
        return json(res, 200, next);
      }
      return googleError(res, 405, 'METHOD_NOT_ALLOWED', `${method} is not supported here.`);
    }

    const local = /^\/_local\/objects\/([^/]+)$/.exec(path);
    if (method === 'GET' && local) {
      const saved = store.objects[decodeURIComponent(local[1]!)];
      return saved ? json(res, 200, saved) : googleError(res, 404, 'NOT_FOUND', 'This object was never saved.');
    }
    return googleError(res, 404, 'NOT_FOUND', `Unknown URL ${method} ${path}.`);
  }

  /** Add: the classes and objects are inserted as the real save does; an object saved before stays as it is. */
  function addPass(request: SaveRequest) {
    for (const cls of request.genericClasses) store.classes[cls.id as string] ??= cls;
    const at = new Date().toISOString();
    for (const object of request.genericObjects) store.objects[object.id as string] ??= { object, savedAt: at, updates: [] };
    persist();
    return page('Saved to Google Wallet', `<h1>Saved to Google Wallet</h1>${request.genericObjects.map(passHtml).join('')}<p>You can close this tab.</p>`);
  }

  const server = createServer((req, res) => {
    handle(req.method ?? 'GET', new URL(req.url ?? '/', base), req.headers.authorization, () => readBody(req), res).catch((error: Error) => googleError(res, 500, 'INTERNAL', error.message));
  });
  return new Promise((resolve, reject) => server.listen(s.googleWalletPort, s.host, () => resolve(server)).on('error', reject));
}
