// Local stand-in for AWS KMS (symmetric keys), which no npm package provides: GenerateDataKey, Encrypt and Decrypt on
// KMS's JSON 1.1 protocol (`X-Amz-Target: TrentService.<Action>`), so the real clients work unchanged against it: the
// AWS Encryption SDK in cognito-local (it encrypts the codes it hands the custom email sender, as Cognito does) and
// @aws-sdk/client-kms in our trigger, which decrypts them. Keys are made by the runtime at start (`ensureKey`), each
// with an alias, and kept in the data folder so what was encrypted survives a restart. A ciphertext is bound to its
// key and to the encryption context, as KMS binds it: another context, a changed byte or the wrong key is refused
// with KMS's InvalidCiphertextException or IncorrectKeyException.
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStandIn, stateFileStore, type StandIn } from './stand-in-server';

const ACCOUNT = '000000000000';

interface Key {
  keyId: string;
  alias: string;
  /** 32 bytes, base64: the key material, which never leaves the stand-in. */
  material: string;
}

export interface LocalKms extends StandIn {
  /** The key with this id and alias (`alias/…`), made with new material on first use; returns its ARN. */
  ensureKey(key: { alias: string; keyId: string }): string;
}

/** A KMS error as the JSON 1.1 protocol carries it. */
class KmsError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const VERSION = 1;
const IV = 12;
const TAG = 16;
const ID = 36;

/** The encryption context as additional authenticated data: its pairs in key order, so the order sent does not matter. */
const aadOf = (context: unknown) => Buffer.from(JSON.stringify(Object.entries((context ?? {}) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : 1))));

export function startKms(port: number, host: string, region: string, stateFile: string): Promise<LocalKms> {
  const { items: keys, save } = stateFileStore<Key>(stateFile, (k) => k.keyId);
  const arnOf = (key: Key) => `arn:aws:kms:${region}:${ACCOUNT}:key/${key.keyId}`;

  /** A key by id, key ARN, alias name or alias ARN, as KMS accepts them. */
  const find = (keyId: unknown): Key => {
    if (typeof keyId !== 'string' || !keyId) throw new KmsError('ValidationException', 'KeyId is required.');
    const name = keyId.replace(/^arn:aws:kms:[^:]+:\d+:/, '');
    const key = [...keys.values()].find((k) => (name.startsWith('alias/') ? k.alias === name : k.keyId === name.replace(/^key\//, '')));
    if (!key) throw new KmsError('NotFoundException', `${name.startsWith('alias/') ? 'Alias' : 'Key'} '${keyId}' does not exist`);
    return key;
  };

  const blob = (value: unknown, field: string): Buffer => {
    if (typeof value !== 'string' || !value) throw new KmsError('ValidationException', `${field} is required.`);
    return Buffer.from(value, 'base64');
  };

  const encrypt = (key: Key, plaintext: Buffer, context: unknown) => {
    if (plaintext.length === 0 || plaintext.length > 4096) throw new KmsError('ValidationException', 'Plaintext must be 1 to 4096 bytes.');
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key.material, 'base64'), iv).setAAD(aadOf(context));
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), Buffer.from(key.keyId, 'ascii'), iv, cipher.getAuthTag(), sealed]).toString('base64');
  };

  const decrypt = (input: { CiphertextBlob?: unknown; EncryptionContext?: unknown; KeyId?: unknown }) => {
    const data = blob(input.CiphertextBlob, 'CiphertextBlob');
    const invalid = () => new KmsError('InvalidCiphertextException', '');
    if (data.length < 1 + ID + IV + TAG || data[0] !== VERSION) throw invalid();
    const key = keys.get(data.subarray(1, 1 + ID).toString('ascii'));
    if (!key) throw invalid();
    if (input.KeyId !== undefined && find(input.KeyId).keyId !== key.keyId) throw new KmsError('IncorrectKeyException', 'The key ID in the request does not identify a CMK that can perform this operation.');
    const at = 1 + ID;
    try {
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key.material, 'base64'), data.subarray(at, at + IV)).setAAD(aadOf(input.EncryptionContext));
      decipher.setAuthTag(data.subarray(at + IV, at + IV + TAG));
      const plaintext = Buffer.concat([decipher.update(data.subarray(at + IV + TAG)), decipher.final()]);
      return { KeyId: arnOf(key), Plaintext: plaintext.toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' };
    } catch {
      throw invalid();
    }
  };

  const actions: Record<string, (input: Record<string, unknown>) => object> = {
    GenerateDataKey: (input) => {
      const key = find(input.KeyId);
      const bytes = input.NumberOfBytes ?? (input.KeySpec === 'AES_128' ? 16 : input.KeySpec === 'AES_256' ? 32 : undefined);
      if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 1 || bytes > 1024) throw new KmsError('ValidationException', 'Either KeySpec or NumberOfBytes (1 to 1024) is required.');
      const plaintext = randomBytes(bytes);
      return { KeyId: arnOf(key), Plaintext: plaintext.toString('base64'), CiphertextBlob: encrypt(key, plaintext, input.EncryptionContext) };
    },
    Encrypt: (input) => {
      const key = find(input.KeyId);
      return { KeyId: arnOf(key), CiphertextBlob: encrypt(key, blob(input.Plaintext, 'Plaintext'), input.EncryptionContext), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' };
    },
    Decrypt: decrypt,
  };

  const answer = (res: ServerResponse, status: number, body: object, errorType?: string) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const action = actions[target.replace(/^TrentService\./, '')];
    try {
      if (req.method !== 'POST' || !target.startsWith('TrentService.') || !action) throw new KmsError('UnknownOperationException', `The local KMS stand-in does not implement ${target || req.url}.`);
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body || '{}') as Record<string, unknown>;
      } catch {
        throw new KmsError('SerializationException', 'The request body is not valid JSON.');
      }
      answer(res, 200, action(input));
    } catch (error) {
      const e = error instanceof KmsError ? error : new KmsError('KMSInternalException', (error as Error).message);
      answer(res, e.type === 'KMSInternalException' ? 500 : 400, { __type: e.type, message: e.message }, e.type);
    }
  };

  return serveStandIn(port, host, handle).then((standIn) => ({
    ...standIn,
    ensureKey({ alias, keyId }: { alias: string; keyId: string }) {
      const existing = keys.get(keyId);
      if (existing) return arnOf(existing);
      const key: Key = { keyId, alias, material: randomBytes(32).toString('base64') };
      keys.set(key.keyId, key);
      save();
      return arnOf(key);
    },
  }));
}
