// The plumbing every small local stand-in of an AWS API shares (the CloudFront tenants, the SES identities): an HTTP
// server that hands each request, with its whole body, to the stand-in's handler, and its state kept in a JSON file
// (read at start, written after each change) so it survives a restart of `npm start` like the service it stands for.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';

export interface StandIn {
  server: Server;
  close(): Promise<void>;
}

/** Listens on `host:port`; `handle` gets each request with its body read in full (UTF-8). */
export function serveStandIn(port: number, host: string, handle: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<StandIn> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, close: () => new Promise<void>((done) => server.close(() => done())) }));
  });
}

/** The stand-in's records by key, loaded from `file` when it exists; `save` writes them all back. */
export function stateFileStore<T>(file: string, keyOf: (item: T) => string): { items: Map<string, T>; save: () => void } {
  const items = new Map<string, T>(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T[]).map((item) => [keyOf(item), item]) : []);
  const save = () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify([...items.values()], null, 2));
  };
  return { items, save };
}
