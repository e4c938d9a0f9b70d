// A local SAML 2.0 identity provider on samlify (issue 24), the stand-in for a business's Okta or Entra ID: metadata
// at /metadata (entity ID, HTTP-Redirect sign-in URL, signing certificate; the key pair is made once in the data
// folder), an HTTP-Redirect AuthnRequest at /sso, a login page for the test users (sso-test-users.ts), then a signed
// Response with a signed Assertion (NameID = e-mail; attributes email, given_name, family_name) POSTed to the ACS URL
// the request named. POST /test/next-response changes the next response only (tests craft the refusals with it).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { createRequire } from 'node:module';
import { HTTP_REDIRECT } from './saml-metadata';
import { idpPage, ssoTestUser, testUsersHint, type SsoTestUser } from './sso-test-users';
import { escapeHtml, readBody } from './stripe';

// samlify is CommonJS with its exports defined as getters, which Node's ESM import does not see as named exports.
const samlify = createRequire(import.meta.url)('samlify') as typeof import('samlify');

const HTTP_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** What a test may change in the next response: each one makes a refusal the hosted UI must give. */
export interface SamlResponseKnobs {
  unsigned?: boolean;
  /** Signed with a key that is not in the metadata. */
  wrongKey?: boolean;
  audience?: string;
  recipient?: string;
  destination?: string;
  inResponseTo?: string;
  /** Seconds added to NotBefore / NotOnOrAfter (negative: in the past). */
  notBeforeShift?: number;
  notOnOrAfterShift?: number;
}

interface KeyPair {
  key: string;
  cert: string;
}

function selfSigned(commonName: string): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  const key = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(key) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

/** The IdP's signing key pair, made once and kept in the data folder so connected providers keep working. */
function signingKeyPair(dir: string): KeyPair {
  const keyFile = join(dir, 'signing-key.pem');
  const certFile = join(dir, 'signing-cert.pem');
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    mkdirSync(dir, { recursive: true });
    const pair = selfSigned('CardCrew local SAML IdP');
    writeFileSync(keyFile, pair.key, { mode: 0o600 });
    writeFileSync(certFile, pair.cert);
  }
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
}

interface PendingRequest {
  id: string;
  spEntityId: string;
  acsUrl: string;
  relayState: string | null;
}

/** The AuthnRequest of an HTTP-Redirect binding: base64 of the raw-deflated XML. */
function readAuthnRequest(samlRequest: string): { id: string; issuer: string; acsUrl: string } {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const request = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:protocol', 'AuthnRequest')[0];
  const issuer = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent ?? '';
  const id = request?.getAttribute('ID') ?? '';
  const acsUrl = request?.getAttribute('AssertionConsumerServiceURL') ?? '';
  if (!id || !issuer || !acsUrl) throw new Error('the AuthnRequest lacks an ID, an Issuer or an AssertionConsumerServiceURL');
  return { id, issuer, acsUrl };
}


export interface SamlIdp {
  server: Server;
  entityId: string;
  metadataUrl: string;
  close(): Promise<void>;
}

export async function startSamlIdp(options: { host: string; port: number; dataDir: string }): Promise<SamlIdp> {
  const base = `http://${options.host}:${options.port}`;
  const entityId = `${base}/metadata`;
  const pair = signingKeyPair(join(options.dataDir, 'saml-idp'));
  const rogue = selfSigned('Not the CardCrew local SAML IdP');
  const idpOf = (p: KeyPair) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: p.key,
      signingCert: p.cert,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: HTTP_REDIRECT, Location: `${base}/sso` }],
      singleLogoutService: [{ Binding: HTTP_REDIRECT, Location: `${base}/slo` }],
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    });
  const idp = idpOf(pair);
  const rogueIdp = idpOf(rogue);
  const pending = new Map<string, PendingRequest>();
  let knobs: SamlResponseKnobs = {};

  async function signedResponse(request: PendingRequest, user: SsoTestUser): Promise<string> {
    const k = knobs;
    knobs = {};
    const now = new Date();
    const at = (shift: number) => new Date(now.getTime() + shift * 1000).toISOString();
    const attributes = [
      ['email', user.email],
      ['given_name', user.givenName],
      ['family_name', user.familyName],
    ]
      .map(([name, value]) => `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escapeHtml(value!)}</saml:AttributeValue></saml:Attribute>`)
      .join('');
    const values = {
      ID: `_${randomBytes(16).toString('hex')}`,
      AssertionID: `_${randomBytes(16).toString('hex')}`,
      Destination: k.destination ?? request.acsUrl,
      Audience: k.audience ?? request.spEntityId,
      SubjectRecipient: k.recipient ?? request.acsUrl,
      Issuer: entityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: at(-30 + (k.notBeforeShift ?? 0)),
      ConditionsNotOnOrAfter: at(300 + (k.notOnOrAfterShift ?? 0)),
      SubjectConfirmationDataNotOnOrAfter: at(300 + (k.notOnOrAfterShift ?? 0)),
      NameIDFormat: EMAIL_FORMAT,
      NameID: user.email,
      InResponseTo: k.inResponseTo ?? request.id,
    };
    // samlify escapes every value it fills in, so the two XML fragments go into the template first.
    const statements = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attributes}</saml:AttributeStatement>`;
    const template = samlify.SamlLib.defaultLoginResponseTemplate.context.replace('{AuthnStatement}{AttributeStatement}', statements);
    const xml = samlify.SamlLib.replaceTagsByValue(template, values);
    if (k.unsigned) return Buffer.from(xml).toString('base64');
    const sp = samlify.ServiceProvider({ entityID: request.spEntityId, assertionConsumerService: [{ Binding: HTTP_POST, Location: request.acsUrl }], wantAssertionsSigned: true, wantMessageSigned: true });
    const signer = k.wrongKey ? rogueIdp : idp;
    const { context } = (await signer.createLoginResponse(sp, { extract: { request: { id: request.id } } }, 'post', { email: user.email }, () => ({ id: values.ID, context: xml }))) as { context: string };
    return context;
  }

  const loginForm = (requestId: string, error?: string) =>
    idpPage(
      'Sign in – local SAML identity provider',
      `<h1>Sign in</h1><p>Local SAML 2.0 identity provider (a stand-in for your company's Okta or Entra ID).</p>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/login"><input type="hidden" name="request" value="${escapeHtml(requestId)}">
<label for="email">Work e-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p></form>${testUsersHint()}`,
      '#0f766e',
    );

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /metadata') return send(res, 200, 'application/samlmetadata+xml', idp.getMetadata());
      if (route === 'GET /sso') {
        let request;
        try {
          request = readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
        } catch (error) {
          return send(res, 400, 'text/html; charset=utf-8', idpPage('Error', `<h1>Bad SAML request</h1><p>${escapeHtml((error as Error).message)}</p>`, '#0f766e'));
        }
        const requestId = randomBytes(16).toString('hex');
        pending.set(requestId, { id: request.id, spEntityId: request.issuer, acsUrl: request.acsUrl, relayState: url.searchParams.get('RelayState') });
        return send(res, 200, 'text/html; charset=utf-8', loginForm(requestId));
      }
      if (route === 'POST /login') {
        const form = new URLSearchParams(await readBody(req));
        const requestId = form.get('request') ?? '';
        const request = pending.get(requestId);
        if (!request) return send(res, 400, 'text/html; charset=utf-8', idpPage('Error', '<h1>This sign-in has expired.</h1><p>Start again from CardCrew.</p>', '#0f766e'));
        const user = ssoTestUser(form.get('email') ?? '', form.get('password') ?? '');
        if (!user) return send(res, 200, 'text/html; charset=utf-8', loginForm(requestId, 'Wrong e-mail or password.'));
        pending.delete(requestId);
        const samlResponse = await signedResponse(request, user);
        const relay = request.relayState === null ? '' : `<input type="hidden" name="RelayState" value="${escapeHtml(request.relayState)}">`;
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          idpPage(
            'Signing you in',
            `<h1>Signing you in…</h1><form id="saml" method="post" action="${escapeHtml(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">${relay}<p><button type="submit">Continue</button></p></form><script>document.getElementById('saml').submit()</script>`,
            '#0f766e',
          ),
        );
      }
      // This IdP keeps no session, so signing out of it is immediate.
      if (route === 'GET /slo') return send(res, 200, 'text/html; charset=utf-8', idpPage('Signed out', '<h1>Signed out</h1><p>You are signed out of the local SAML identity provider.</p>', '#0f766e'));
      if (route === 'POST /test/next-response') {
        knobs = JSON.parse((await readBody(req)) || '{}') as SamlResponseKnobs;
        return send(res, 204, 'text/plain', '');
      }
      send(res, 404, 'text/plain', 'not found');
    })().catch((error: Error) => {
      console.error('SAML IdP stand-in:', error);
      send(res, 500, 'text/plain', 'server error');
    });
  });
  await new Promise<void>((resolve, reject) => server.listen(options.port, options.host, resolve).on('error', reject));
  return { server, entityId, metadataUrl: `${base}/metadata`, close: () => new Promise((r) => server.close(() => r())) };
}
