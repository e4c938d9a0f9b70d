// A local DNS stand-in for TXT lookups (issue 24): the domain proof of single sign-on asks for a TXT record, and on one
// machine nobody can publish one in real DNS. A UDP DNS server on 127.0.0.1 answers TXT queries from records kept in
// the data folder (NXDOMAIN for a name it does not know); an HTTP page and API on the same port number (TCP) add and
// remove records — the local way a person "creates the DNS record" the product shows. The product's lookup uses it
// when DNS_SERVER is set (settings.ts).
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import * as dnsPacket from 'dns-packet';
import { escapeHtml, readBody } from './stripe';
import { idpPage } from './sso-test-users';

const normalise = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');
const NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*$/;

/** TXT records by name, in one JSON file. */
export class TxtRecords {
  private records: Record<string, string[]>;
  constructor(private readonly file: string) {
    this.records = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
  }
  private save() {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.records, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }
  all(): Record<string, string[]> {
    return structuredClone(this.records);
  }
  get(name: string): string[] | undefined {
    return this.records[normalise(name)];
  }
  add(name: string, value: string) {
    const key = normalise(name);
    if (!NAME.test(key)) throw new Error(`${name} is not a valid DNS name`);
    if (!value || value.length > 1024) throw new Error('a TXT value needs 1 to 1024 characters');
    const values = this.records[key] ?? [];
    if (!values.includes(value)) this.records[key] = [...values, value];
    this.save();
  }
  remove(name: string, value?: string) {
    const key = normalise(name);
    const left = value === undefined ? [] : (this.records[key] ?? []).filter((v) => v !== value);
    if (left.length) this.records[key] = left;
    else delete this.records[key];
    this.save();
  }
}

/** A TXT value as DNS carries it: character-strings of at most 255 bytes. */
const txtStrings = (value: string) => {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(bytes.subarray(i, i + 255));
  return parts;
};

function answer(records: TxtRecords, message: Buffer): Buffer {
  const query = dnsPacket.decode(message);
  const question = query.questions?.[0];
  const values = question ? records.get(question.name) : undefined;
  const known = values !== undefined;
  const answers: dnsPacket.Answer[] =
    question && known && question.type === 'TXT' ? values.map((v) => ({ type: 'TXT', name: question.name, class: 'IN', ttl: 60, data: txtStrings(v) })) : [];
  return dnsPacket.encode({
    id: query.id,
    type: 'response',
    // Recursion desired is echoed; NXDOMAIN (rcode 3) for a name it has no record for.
    flags: ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | dnsPacket.AUTHORITATIVE_ANSWER | (question && !known ? 3 : 0),
    questions: query.questions,
    answers,
  });
}

export interface DnsStandIn {
  udp: Socket;
  http: Server;
  records: TxtRecords;
  close(): Promise<void>;
}

export async function startDnsStandIn(options: { host: string; port: number; file: string }): Promise<DnsStandIn> {
  const records = new TxtRecords(options.file);
  const udp = createSocket('udp4');
  udp.on('message', (message, remote) => {
    try {
      udp.send(answer(records, message), remote.port, remote.address);
    } catch {
      // not a DNS query: no answer, as a server would drop it
    }
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(options.port, options.host, () => resolve());
  });

  const page = (res: ServerResponse, status: number, message?: string) => {
    const rows = Object.entries(records.all())
      .flatMap(([name, values]) =>
        values.map(
          (v) =>
            `<tr><td>${escapeHtml(name)}</td><td><code>${escapeHtml(v)}</code></td><td><form method="post" action="/records/delete"><input type="hidden" name="name" value="${escapeHtml(name)}"><input type="hidden" name="value" value="${escapeHtml(v)}"><button type="submit" aria-label="Remove the TXT record of ${escapeHtml(name)}">Remove</button></form></td></tr>`,
        ),
      )
      .join('');
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      idpPage(
        'Local DNS – TXT records',
        `<h1>Local DNS: TXT records</h1><p>Answers TXT queries on udp://${options.host}:${options.port}. Add the record CardCrew shows to prove a domain.</p>${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/records"><label for="name">Name</label><input id="name" name="name" required placeholder="_cardcrew.acme.example"><label for="value">Value</label><input id="value" name="value" required><p><button type="submit">Add TXT record</button></p></form>
<table><caption>Records</caption><thead><tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col"><span style="position:absolute;left:-9999px">Action</span></th></tr></thead><tbody>${rows || '<tr><td colspan="3">None yet</td></tr>'}</tbody></table>`,
        '#1d4ed8',
      ),
    );
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const http = createServer((req, res) => {
    void (async () => {
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://dns').pathname}`;
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      if (route === 'GET /') return page(res, 200);
      if (route === 'GET /records') return json(res, 200, records.all());
      if (route === 'POST /records' || route === 'POST /records/delete') {
        const raw = await readBody(req);
        const body = isJson ? (JSON.parse(raw || '{}') as { name?: string; value?: string }) : Object.fromEntries(new URLSearchParams(raw));
        try {
          if (!body.name) throw new Error('a name is required');
          if (route === 'POST /records') records.add(body.name, body.value ?? '');
          else records.remove(body.name, body.value);
        } catch (error) {
          return isJson ? json(res, 400, { error: (error as Error).message }) : page(res, 400, (error as Error).message);
        }
        if (isJson) return json(res, 200, records.all());
        res.writeHead(303, { location: '/' });
        return res.end();
      }
      json(res, 404, { error: 'not_found' });
    })().catch((error: Error) => json(res, 500, { error: error.message }));
  });
  await new Promise<void>((resolve, reject) => http.listen(options.port, options.host, resolve).on('error', reject));
  return {
    udp,
    http,
    records,
    close: async () => {
      await new Promise<void>((r) => http.close(() => r()));
      await new Promise<void>((r) => udp.close(() => r()));
    },
  };
}
