// The local webhook receiver: a stand-in for a customer's endpoint, so outgoing webhooks can be tried without a
// tunnel. It takes POSTs at /hooks/<name> (give an endpoint the URL http://127.0.0.1:<port>/hooks/<name>), checks each
// delivery's Standard Webhooks signature with the secret pasted for that name, and lists what arrived on its page.
// `POST /hooks/<name>/secret` (the secret as the body) sets the secret; `POST /hooks/<name>/fail` (a number as the
// body) answers the next that many deliveries with 500, to watch the retries. Deliveries are kept in the data folder.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { serveStandIn, stateFileStore, type StandIn } from './stand-in-server';

export interface ReceivedWebhook {
  id: string;
  name: string;
  receivedAt: string;
  headers: Record<string, string>;
  body: string;
  /** The answer it got: 204, or 500 while failures were asked for. */
  answered: number;
  /** true/false: the signature checked against the name's secret; null: no secret set for the name. */
  verified: boolean | null;
  verifyError?: string;
}

interface HookSettings {
  name: string;
  secret?: string;
  failNext: number;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The signature check a receiver does with the `standardwebhooks` library: null when there is no secret. */
function verify(secret: string | undefined, body: string, headers: Record<string, string>): { verified: boolean | null; verifyError?: string } {
  if (!secret) return { verified: null };
  try {
    new Webhook(secret).verify(body, headers);
    return { verified: true };
  } catch (error) {
    return { verified: false, verifyError: (error as Error).message };
  }
}

function page(received: ReceivedWebhook[]): string {
  const rows = received
    .slice()
    .reverse()
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.receivedAt)}</td><td>${escapeHtml(r.name)}</td><td>${escapeHtml(r.headers['webhook-id'] ?? '')}</td><td>${r.answered}</td>` +
        `<td>${r.verified === null ? 'no secret set' : r.verified ? 'valid' : `invalid: ${escapeHtml(r.verifyError ?? '')}`}</td><td><pre>${escapeHtml(r.body)}</pre></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local webhook receiver</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #999;padding:.4rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;word-break:break-all;margin:0}</style></head>
<body><main><h1>Local webhook receiver</h1><p>Endpoint URLs: <code>http://127.0.0.1:PORT/hooks/&lt;name&gt;</code>. Set a name's signing secret with <code>POST /hooks/&lt;name&gt;/secret</code> to check signatures.</p>
<table><caption>Deliveries received, newest first</caption><thead><tr><th scope="col">Received</th><th scope="col">Name</th><th scope="col">webhook-id</th><th scope="col">Answered</th><th scope="col">Signature</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
}

export function startWebhookReceiver(port: number, host: string, stateFile: string, settingsFile: string): Promise<StandIn> {
  const { items: received, save } = stateFileStore<ReceivedWebhook>(stateFile, (r) => r.id);
  const { items: hooks, save: saveHooks } = stateFileStore<HookSettings>(settingsFile, (h) => h.name);
  const hookOf = (name: string) => hooks.get(name) ?? { name, failNext: 0 };

  const send = (res: ServerResponse, status: number, body: string, type = 'application/json') => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
    res.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && path === '/') return send(res, 200, page([...received.values()]).replace('PORT', String(port)), 'text/html');
    const [, hooksSegment, name, action] = path.split('/');
    if (hooksSegment !== 'hooks' || !name || !NAME.test(name)) return send(res, 404, JSON.stringify({ message: 'Not found' }));
    if (req.method === 'GET' && !action) return send(res, 200, JSON.stringify([...received.values()].filter((r) => r.name === name)));
    if (req.method !== 'POST') return send(res, 405, JSON.stringify({ message: 'Method not allowed' }));
    if (action === 'secret') {
      hooks.set(name, { ...hookOf(name), secret: body.trim() });
      saveHooks();
      return send(res, 204, '');
    }
    if (action === 'fail') {
      hooks.set(name, { ...hookOf(name), failNext: Math.max(0, Number.parseInt(body, 10) || 0) });
      saveHooks();
      return send(res, 204, '');
    }
    if (action) return send(res, 404, JSON.stringify({ message: 'Not found' }));
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const hook = hookOf(name);
    const answered = hook.failNext > 0 ? 500 : 204;
    if (hook.failNext > 0) {
      hooks.set(name, { ...hook, failNext: hook.failNext - 1 });
      saveHooks();
    }
    const entry: ReceivedWebhook = { id: randomUUID(), name, receivedAt: new Date().toISOString(), headers, body, answered, ...verify(hook.secret, body, headers) };
    received.set(entry.id, entry);
    save();
    send(res, answered, answered === 500 ? JSON.stringify({ message: 'Failing on purpose' }) : '');
  };
  return serveStandIn(port, host, handle);
}
