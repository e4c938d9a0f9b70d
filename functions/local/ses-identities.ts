// Local stand-in for SES v2's domain identities (an agency's sending domain), which aws-ses-v2-local does not implement:
// CreateEmailIdentity, GetEmailIdentity and DeleteEmailIdentity on SES's REST-JSON paths, so the real
// @aws-sdk/client-sesv2 works unchanged against it (SES_IDENTITIES_ENDPOINT). Identities are kept in the data folder.
// The rule is the domains stand-in's (functions/local/cloudfront-tenants.ts): a name under .localhost (RFC 6761: this
// machine) has its DKIM records "seen" LOCAL_DKIM_SECONDS after creation and verifies; any other name stays PENDING,
// as with records nobody published. Errors are SES's: AlreadyExistsException (400), NotFoundException (404),
// BadRequestException (400).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStandIn, stateFileStore, type StandIn } from './stand-in-server';

/** Seconds after creation when a .localhost identity's DKIM records are found. */
export const LOCAL_DKIM_SECONDS = 1;

interface Identity {
  name: string;
  tokens: string[];
  /** Seconds since the epoch when it was created: the local walk's clock. */
  created: number;
}

const PATH = /^\/v2\/email\/identities(?:\/([^/]+))?$/;

/** `.localhost` domains verify (after LOCAL_DKIM_SECONDS); `now` is injectable so a test can age an identity. */
export function startSesIdentities(port: number, host: string, stateFile: string, now: () => number = () => Date.now() / 1000): Promise<StandIn> {
  const { items: identities, save } = stateFileStore<Identity>(stateFile, (i) => i.name);
  const verified = (i: Identity) => i.name.endsWith('.localhost') && now() - i.created >= LOCAL_DKIM_SECONDS;
  const status = (i: Identity) => (verified(i) ? 'SUCCESS' : 'PENDING');
  const dkim = (i: Identity) => ({ SigningEnabled: true, Status: status(i), Tokens: i.tokens, SigningAttributesOrigin: 'AWS_SES', NextSigningKeyLength: 'RSA_2048_BIT', CurrentSigningKeyLength: 'RSA_2048_BIT' });

  const send = (res: ServerResponse, code: number, body: unknown, errorType?: string) => {
    res.writeHead(code, { 'content-type': 'application/json', 'x-amzn-requestid': randomBytes(8).toString('hex'), ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, type: string, message: string) => send(res, code, { message }, type);

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const m = new URL(req.url ?? '/', 'http://localhost').pathname.match(PATH);
    if (!m) return fail(res, 404, 'NotFoundException', `The local SES identities stand-in does not implement ${req.method ?? ''} ${req.url ?? ''}.`);
    const name = m[1] ? decodeURIComponent(m[1]) : undefined;
    if (req.method === 'POST' && !name) {
      let input: { EmailIdentity?: unknown };
      try {
        input = JSON.parse(body || '{}') as { EmailIdentity?: unknown };
      } catch {
        return fail(res, 400, 'BadRequestException', 'The request body is not valid JSON.');
      }
      const identity = typeof input.EmailIdentity === 'string' ? input.EmailIdentity.trim().toLowerCase() : '';
      if (!identity || identity.includes('@')) return fail(res, 400, 'BadRequestException', 'EmailIdentity must be a domain (this stand-in does not verify addresses).');
      if (identities.has(identity)) return fail(res, 400, 'AlreadyExistsException', `Email identity ${identity} already exist.`);
      const i: Identity = { name: identity, tokens: [0, 1, 2].map(() => randomBytes(16).toString('hex')), created: now() };
      identities.set(identity, i);
      save();
      return send(res, 200, { IdentityType: 'DOMAIN', VerifiedForSendingStatus: verified(i), DkimAttributes: dkim(i) });
    }
    if (!name) return fail(res, 404, 'NotFoundException', 'No such operation.');
    const i = identities.get(name.toLowerCase());
    if (!i) return fail(res, 404, 'NotFoundException', `Email identity ${name} does not exist.`);
    if (req.method === 'GET') {
      return send(res, 200, {
        IdentityType: 'DOMAIN',
        FeedbackForwardingStatus: true,
        VerifiedForSendingStatus: verified(i),
        VerificationStatus: status(i),
        DkimAttributes: dkim(i),
        MailFromAttributes: { BehaviorOnMxFailure: 'USE_DEFAULT_VALUE', MailFromDomainStatus: 'PENDING' },
        Policies: {},
        Tags: [],
      });
    }
    if (req.method === 'DELETE') {
      identities.delete(i.name);
      save();
      return send(res, 200, {});
    }
    return fail(res, 404, 'NotFoundException', `The local SES identities stand-in does not implement ${req.method ?? ''} ${req.url ?? ''}.`);
  };

  return serveStandIn(port, host, handle);
}
