// The local APNs stand-in (issue 22 §1): HTTP/2 without TLS (h2c) on 127.0.0.1:12555+offset, answering like Apple's
// push service for what CardCrew sends — Wallet pass updates. It verifies the provider token (ES256 JWT signed with the
// local APNs key, `kid` = its key id, `iss` = the team id) and the topic, then answers 200 with an apns-id, 400
// BadDeviceToken (not hex), 400 TopicDisallowed, 403 InvalidProviderToken, or 410 Unregistered for tokens listed in
// `{dataDir}/apns/unregistered.json` (tests write it). Every push it accepts or refuses is appended to
// `{dataDir}/apns/pushes.json`, which tests read.
import { createServer, type Http2Server } from 'node:http2';
import { createPublicKey, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { localSignerFiles } from '../src/adapters/apple-wallet-signer';


export interface RecordedPush {
  pushToken: string;
  topic: string;
  pushType?: string;
  payload: string;
  status: number;
  reason?: string;
  at: string;
}

export const apnsFiles = (dataDir: string) => ({ dir: join(dataDir, 'apns'), pushes: join(dataDir, 'apns', 'pushes.json'), unregistered: join(dataDir, 'apns', 'unregistered.json') });

const readJson = <T>(file: string, fallback: T): T => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback);

export async function startApnsStandIn(options: { host: string; port: number; dataDir: string; signerDir: string }): Promise<Http2Server> {
  const files = apnsFiles(options.dataDir);
  mkdirSync(files.dir, { recursive: true });
  const signer = JSON.parse(readFileSync(join(options.signerDir, localSignerFiles.config), 'utf8')) as { passTypeIdentifier: string; teamIdentifier: string; apnsKeyId: string };
  const publicKey = createPublicKey(readFileSync(join(options.signerDir, localSignerFiles.apnsKey), 'utf8'));

  const server = createServer();
  server.on('stream', (stream, headers) => {
    let payload = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (payload += chunk));
    stream.on('end', () => {
      void (async () => {
        const path = String(headers[':path'] ?? '');
        const pushToken = /^\/3\/device\/([^/?]+)$/.exec(path)?.[1] ?? '';
        const topic = String(headers['apns-topic'] ?? '');
        let status = 200;
        let reason: string | undefined;
        try {
          const jwt = /^bearer (.+)$/i.exec(String(headers.authorization ?? ''))?.[1] ?? '';
          const { protectedHeader } = await jwtVerify(jwt, publicKey, { issuer: signer.teamIdentifier, algorithms: ['ES256'] });
          if (protectedHeader.kid !== signer.apnsKeyId) throw new Error('kid');
        } catch {
          [status, reason] = [403, 'InvalidProviderToken'];
        }
        if (status === 200 && (headers[':method'] !== 'POST' || !pushToken)) [status, reason] = [405, 'MethodNotAllowed'];
        else if (status === 200 && !/^[0-9a-f]{16,200}$/i.test(pushToken)) [status, reason] = [400, 'BadDeviceToken'];
        else if (status === 200 && topic !== signer.passTypeIdentifier) [status, reason] = [400, 'TopicDisallowed'];
        else if (status === 200 && readJson<string[]>(files.unregistered, []).includes(pushToken)) [status, reason] = [410, 'Unregistered'];
        const pushes = readJson<RecordedPush[]>(files.pushes, []);
        pushes.push({ pushToken, topic, pushType: headers['apns-push-type'] as string | undefined, payload, status, reason, at: new Date().toISOString() });
        // Replaced in one rename, so a test reading it never sees half a file.
        writeFileSync(`${files.pushes}.tmp`, JSON.stringify(pushes, null, 2));
        renameSync(`${files.pushes}.tmp`, files.pushes);
        stream.respond({ ':status': status, 'apns-id': randomUUID(), ...(reason ? { 'content-type': 'application/json' } : {}) });
        stream.end(reason ? JSON.stringify(status === 410 ? { reason, timestamp: Date.now() } : { reason }) : undefined);
      })();
    });
  });
  await new Promise<void>((resolve, reject) => server.listen(options.port, options.host, () => resolve()).on('error', reject));
  return server;
}
