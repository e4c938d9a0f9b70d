// A local SQS: the subset of the SQS JSON protocol (the one @aws-sdk/client-sqs v3 speaks: POST /, X-Amz-Target
// `AmazonSQS.<Op>`, application/x-amz-json-1.0) that the billing fan-out uses — queues with a visibility timeout and a
// redrive policy, send (one or a batch of ten), receive with long polling, delete, change visibility, and redrive to the
// dead-letter queue after maxReceiveCount receives. It refuses what SQS refuses, with SQS's error shapes, so the SDK
// throws the same named exceptions. Nothing on npm fits (ElasticMQ is a JVM download); docs/decisions.md says why.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** SQS's limits that the stand-in enforces. */
export const SQS_LIMITS = {
  maxMessageBytes: 256 * 1024,
  maxBatchEntries: 10,
  maxWaitSeconds: 20,
  maxVisibilityTimeoutSeconds: 43_200,
  maxDelaySeconds: 900,
} as const;

const ACCOUNT_ID = '000000000000';

interface StoredMessage {
  messageId: string;
  body: string;
  md5: string;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  /** Epoch ms from which the message can be received. */
  visibleAt: number;
  /** The latest receipt handle; older ones are accepted by DeleteMessage but delete nothing (as in SQS). */
  receiptHandle?: string;
  /** Set while the latest receive's visibility timeout runs. */
  inFlight: boolean;
}

interface Queue {
  name: string;
  url: string;
  arn: string;
  createdAt: number;
  visibilityTimeout: number;
  delaySeconds: number;
  redrive?: { deadLetterTargetArn: string; maxReceiveCount: number };
  /** The attributes CreateQueue was called with (a second CreateQueue with other values is refused). */
  declared: Record<string, string>;
  messages: StoredMessage[];
}

export class SqsError extends Error {
  constructor(
    /** The shape name: `__type` is `com.amazonaws.sqs#<type>`. */
    readonly type: string,
    /** The query-protocol code the SDK exposes as `Code` (x-amzn-query-error). */
    readonly queryCode: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const invalidParameter = (message: string) => new SqsError('InvalidParameterValue', 'InvalidParameterValue', message);
const missingParameter = (name: string) => new SqsError('MissingParameter', 'MissingParameter', `The request must contain the parameter ${name}.`);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export interface LocalSqsOptions {
  host: string;
  port: number;
  region?: string;
}

/** The queues and their messages, and the protocol operations over them. */
export class LocalSqs {
  private readonly queues = new Map<string, Queue>();
  private waiters = new Set<() => void>();
  readonly region: string;
  readonly origin: string;

  constructor(options: LocalSqsOptions) {
    this.region = options.region ?? 'us-east-1';
    this.origin = `http://${options.host}:${options.port}`;
  }

  queueUrl(name: string) {
    return `${this.origin}/${ACCOUNT_ID}/${name}`;
  }

  queueArn(name: string) {
    return `arn:aws:sqs:${this.region}:${ACCOUNT_ID}:${name}`;
  }

  private queueByUrl(url: unknown): Queue {
    if (typeof url !== 'string' || url === '') throw missingParameter('QueueUrl');
    const name = url.split('/').pop() ?? '';
    const queue = this.queues.get(name);
    if (!queue || queue.url !== url.replace(/\/$/, '')) {
      throw new SqsError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
    }
    return queue;
  }

  /** Runs one operation; `input` is the JSON body. */
  async handle(operation: string, input: Record<string, unknown>): Promise<unknown> {
    switch (operation) {
      case 'CreateQueue':
        return this.createQueue(input);
      case 'GetQueueUrl': {
        const name = String(input.QueueName ?? '');
        if (!this.queues.has(name)) throw new SqsError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
        return { QueueUrl: this.queueUrl(name) };
      }
      case 'ListQueues':
        return { QueueUrls: [...this.queues.values()].map((q) => q.url).filter((url) => url.split('/').pop()!.startsWith(String(input.QueueNamePrefix ?? ''))) };
      case 'GetQueueAttributes':
        return this.getQueueAttributes(input);
      case 'PurgeQueue':
        this.queueByUrl(input.QueueUrl).messages = [];
        return {};
      case 'SendMessage': {
        const queue = this.queueByUrl(input.QueueUrl);
        return this.enqueue(queue, input.MessageBody, input.DelaySeconds);
      }
      case 'SendMessageBatch':
        return this.sendMessageBatch(input);
      case 'ReceiveMessage':
        return this.receiveMessage(input);
      case 'DeleteMessage': {
        const queue = this.queueByUrl(input.QueueUrl);
        this.deleteByHandle(queue, input.ReceiptHandle);
        return {};
      }
      case 'DeleteMessageBatch':
        return this.batch(input, (queue, entry) => {
          this.deleteByHandle(queue, entry.ReceiptHandle);
          return {};
        });
      case 'ChangeMessageVisibility': {
        const queue = this.queueByUrl(input.QueueUrl);
        this.changeVisibility(queue, input.ReceiptHandle, input.VisibilityTimeout);
        return {};
      }
      case 'ChangeMessageVisibilityBatch':
        return this.batch(input, (queue, entry) => {
          this.changeVisibility(queue, entry.ReceiptHandle, entry.VisibilityTimeout);
          return {};
        });
      default:
        throw new SqsError('UnsupportedOperation', 'AWS.SimpleQueueService.UnsupportedOperation', `The local SQS does not implement ${operation}.`);
    }
  }

  private createQueue(input: Record<string, unknown>) {
    const name = String(input.QueueName ?? '');
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw invalidParameter('Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
    const attributes = (input.Attributes ?? {}) as Record<string, string>;
    const existing = this.queues.get(name);
    if (existing) {
      const differs = Object.entries(attributes).some(([key, value]) => existing.declared[key] !== undefined && existing.declared[key] !== value);
      if (differs) throw new SqsError('QueueNameExists', 'QueueAlreadyExists', 'A queue already exists with the same name and a different value for attribute(s)');
      return { QueueUrl: existing.url };
    }
    const known = ['VisibilityTimeout', 'RedrivePolicy', 'DelaySeconds', 'MessageRetentionPeriod', 'ReceiveMessageWaitTimeSeconds', 'SqsManagedSseEnabled'];
    for (const key of Object.keys(attributes)) if (!known.includes(key)) throw new SqsError('InvalidAttributeName', 'InvalidAttributeName', `Unknown Attribute ${key}.`);
    const visibilityTimeout = intIn(attributes.VisibilityTimeout ?? '30', 0, SQS_LIMITS.maxVisibilityTimeoutSeconds, 'VisibilityTimeout');
    const delaySeconds = intIn(attributes.DelaySeconds ?? '0', 0, SQS_LIMITS.maxDelaySeconds, 'DelaySeconds');
    let redrive: Queue['redrive'];
    if (attributes.RedrivePolicy) {
      let parsed: { deadLetterTargetArn?: unknown; maxReceiveCount?: unknown };
      try {
        parsed = JSON.parse(attributes.RedrivePolicy);
      } catch {
        throw new SqsError('InvalidAttributeValue', 'InvalidAttributeValue', 'Invalid value for the parameter RedrivePolicy. Reason: Redrive policy is not a valid JSON map.');
      }
      const target = String(parsed.deadLetterTargetArn ?? '');
      if (![...this.queues.values()].some((q) => q.arn === target)) {
        throw new SqsError('InvalidAttributeValue', 'InvalidAttributeValue', 'Value for parameter RedrivePolicy is invalid. Reason: Dead-letter target does not exist.');
      }
      redrive = { deadLetterTargetArn: target, maxReceiveCount: intIn(String(parsed.maxReceiveCount ?? ''), 1, 1000, 'maxReceiveCount') };
    }
    const queue: Queue = { name, url: this.queueUrl(name), arn: this.queueArn(name), createdAt: Date.now(), visibilityTimeout, delaySeconds, redrive, declared: attributes, messages: [] };
    this.queues.set(name, queue);
    return { QueueUrl: queue.url };
  }

  private getQueueAttributes(input: Record<string, unknown>) {
    const queue = this.queueByUrl(input.QueueUrl);
    const now = Date.now();
    this.expireVisibility(queue, now);
    const all: Record<string, string> = {
      QueueArn: queue.arn,
      ApproximateNumberOfMessages: String(queue.messages.filter((m) => !m.inFlight && m.visibleAt <= now).length),
      ApproximateNumberOfMessagesNotVisible: String(queue.messages.filter((m) => m.inFlight).length),
      ApproximateNumberOfMessagesDelayed: String(queue.messages.filter((m) => !m.inFlight && m.visibleAt > now).length),
      VisibilityTimeout: String(queue.visibilityTimeout),
      DelaySeconds: String(queue.delaySeconds),
      CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
      ...(queue.redrive ? { RedrivePolicy: JSON.stringify(queue.redrive) } : {}),
    };
    const names = (input.AttributeNames as string[] | undefined) ?? [];
    if (names.includes('All')) return { Attributes: all };
    const unknown = names.filter((n) => !(n in all) && n !== 'RedrivePolicy');
    if (unknown.length) throw new SqsError('InvalidAttributeName', 'InvalidAttributeName', `Unknown Attribute ${unknown[0]}.`);
    return { Attributes: Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]!])) };
  }

  private validateBody(body: unknown): string {
    if (body === undefined || body === null) throw missingParameter('MessageBody');
    const text = String(body);
    if (text.length === 0) throw invalidParameter('The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(text, 'utf8') > SQS_LIMITS.maxMessageBytes) throw invalidParameter(`One or more parameters are invalid. Reason: Message must be shorter than ${SQS_LIMITS.maxMessageBytes} bytes.`);
    // SQS accepts #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF only.
    // eslint-disable-next-line no-control-regex -- the control characters SQS refuses are exactly what this matches
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text)) {
      throw new SqsError('InvalidMessageContents', 'InvalidMessageContents', 'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF');
    }
    return text;
  }

  private enqueue(queue: Queue, body: unknown, delay: unknown) {
    const text = this.validateBody(body);
    const delaySeconds = delay === undefined ? queue.delaySeconds : intIn(String(delay), 0, SQS_LIMITS.maxDelaySeconds, 'DelaySeconds');
    const message: StoredMessage = { messageId: randomUUID(), body: text, md5: md5(text), sentAt: Date.now(), receiveCount: 0, visibleAt: Date.now() + delaySeconds * 1000, inFlight: false };
    queue.messages.push(message);
    this.wake();
    return { MessageId: message.messageId, MD5OfMessageBody: message.md5 };
  }

  private checkBatch(entries: unknown): { Id: string }[] {
    if (!Array.isArray(entries) || entries.length === 0) throw new SqsError('EmptyBatchRequest', 'AWS.SimpleQueueService.EmptyBatchRequest', 'There should be at least one SendMessageBatchRequestEntry in the request.');
    if (entries.length > SQS_LIMITS.maxBatchEntries) {
      throw new SqsError('TooManyEntriesInBatchRequest', 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest', `Maximum number of entries per request are ${SQS_LIMITS.maxBatchEntries}. You have sent ${entries.length}.`);
    }
    const ids = entries.map((e: { Id?: unknown }) => String(e.Id ?? ''));
    for (const id of ids) {
      if (!/^[A-Za-z0-9_-]{1,80}$/.test(id)) throw new SqsError('InvalidBatchEntryId', 'AWS.SimpleQueueService.InvalidBatchEntryId', 'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.');
    }
    if (new Set(ids).size !== ids.length) throw new SqsError('BatchEntryIdsNotDistinct', 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct', 'Id must be distinct among batch entries.');
    return entries as { Id: string }[];
  }

  private sendMessageBatch(input: Record<string, unknown>) {
    const queue = this.queueByUrl(input.QueueUrl);
    const entries = this.checkBatch(input.Entries) as { Id: string; MessageBody?: unknown; DelaySeconds?: unknown }[];
    const total = entries.reduce((n, e) => n + Buffer.byteLength(String(e.MessageBody ?? ''), 'utf8'), 0);
    if (total > SQS_LIMITS.maxMessageBytes) {
      throw new SqsError('BatchRequestTooLong', 'AWS.SimpleQueueService.BatchRequestTooLong', `Batch requests cannot be longer than ${SQS_LIMITS.maxMessageBytes} bytes. You have sent ${total} bytes.`);
    }
    const Successful: unknown[] = [];
    const Failed: unknown[] = [];
    for (const entry of entries) {
      try {
        const sent = this.enqueue(queue, entry.MessageBody, entry.DelaySeconds);
        Successful.push({ Id: entry.Id, ...sent });
      } catch (error) {
        const e = error as SqsError;
        Failed.push({ Id: entry.Id, SenderFault: true, Code: e.queryCode ?? 'InternalError', Message: e.message });
      }
    }
    return { Successful, Failed };
  }

  private batch(input: Record<string, unknown>, run: (queue: Queue, entry: Record<string, unknown>) => unknown) {
    const queue = this.queueByUrl(input.QueueUrl);
    const entries = this.checkBatch(input.Entries) as (Record<string, unknown> & { Id: string })[];
    const Successful: unknown[] = [];
    const Failed: unknown[] = [];
    for (const entry of entries) {
      try {
        run(queue, entry);
        Successful.push({ Id: entry.Id });
      } catch (error) {
        const e = error as SqsError;
        Failed.push({ Id: entry.Id, SenderFault: true, Code: e.queryCode ?? 'InternalError', Message: e.message });
      }
    }
    return { Successful, Failed };
  }

  /** Ends the visibility timeout of messages whose time is up (they can be received again). */
  private expireVisibility(queue: Queue, now: number) {
    for (const m of queue.messages) if (m.inFlight && m.visibleAt <= now) m.inFlight = false;
  }

  private takeVisible(queue: Queue, max: number, visibilityTimeout: number, attributeNames: string[]) {
    const now = Date.now();
    this.expireVisibility(queue, now);
    const taken: unknown[] = [];
    for (const message of [...queue.messages]) {
      if (taken.length >= max) break;
      if (message.inFlight || message.visibleAt > now) continue;
      // Received maxReceiveCount times already and back again: SQS moves it to the dead-letter queue instead.
      if (queue.redrive && message.receiveCount >= queue.redrive.maxReceiveCount) {
        const target = [...this.queues.values()].find((q) => q.arn === queue.redrive!.deadLetterTargetArn);
        queue.messages.splice(queue.messages.indexOf(message), 1);
        if (target) target.messages.push({ ...message, receiveCount: 0, firstReceivedAt: undefined, receiptHandle: undefined, inFlight: false, visibleAt: now });
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.inFlight = true;
      message.visibleAt = now + visibilityTimeout * 1000;
      message.receiptHandle = Buffer.from(`${queue.name}:${message.messageId}:${randomBytes(12).toString('hex')}`).toString('base64url');
      const system: Record<string, string> = {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
        SenderId: ACCOUNT_ID,
      };
      const wanted = attributeNames.includes('All') ? Object.keys(system) : attributeNames.filter((n) => n in system);
      taken.push({
        MessageId: message.messageId,
        ReceiptHandle: message.receiptHandle,
        MD5OfBody: message.md5,
        Body: message.body,
        ...(wanted.length ? { Attributes: Object.fromEntries(wanted.map((n) => [n, system[n]!])) } : {}),
      });
    }
    return taken;
  }

  private async receiveMessage(input: Record<string, unknown>) {
    const queue = this.queueByUrl(input.QueueUrl);
    const max = input.MaxNumberOfMessages === undefined ? 1 : Number(input.MaxNumberOfMessages);
    if (!Number.isInteger(max) || max < 1 || max > SQS_LIMITS.maxBatchEntries) {
      throw invalidParameter(`Value ${String(input.MaxNumberOfMessages)} for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.`);
    }
    const wait = input.WaitTimeSeconds === undefined ? 0 : Number(input.WaitTimeSeconds);
    if (!Number.isInteger(wait) || wait < 0 || wait > SQS_LIMITS.maxWaitSeconds) {
      throw invalidParameter(`Value ${String(input.WaitTimeSeconds)} for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided.`);
    }
    const visibility = input.VisibilityTimeout === undefined ? queue.visibilityTimeout : intIn(String(input.VisibilityTimeout), 0, SQS_LIMITS.maxVisibilityTimeoutSeconds, 'VisibilityTimeout');
    const names = [...((input.AttributeNames as string[] | undefined) ?? []), ...((input.MessageSystemAttributeNames as string[] | undefined) ?? [])];
    const deadline = Date.now() + wait * 1000;
    for (;;) {
      const messages = this.takeVisible(queue, max, visibility, names);
      if (messages.length > 0 || Date.now() >= deadline) return { Messages: messages };
      // Long poll: wake on a send, or every 100 ms for visibility timeouts that end.
      await new Promise<void>((resolveWait) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolveWait();
        };
        const timer = setTimeout(done, Math.min(100, Math.max(0, deadline - Date.now())));
        this.waiters.add(done);
      });
    }
  }

  private wake() {
    const waiting = [...this.waiters];
    this.waiters = new Set();
    for (const w of waiting) w();
  }

  /** The message a receipt handle names, or an error when the handle is not one this queue issued. */
  private byHandle(queue: Queue, handle: unknown): StoredMessage | undefined {
    if (typeof handle !== 'string' || handle === '') throw missingParameter('ReceiptHandle');
    const [queueName, messageId, nonce] = Buffer.from(handle, 'base64url').toString().split(':');
    if (queueName !== queue.name || !messageId || !nonce) {
      throw new SqsError('ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', `The input receipt handle "${handle}" is not a valid receipt handle.`);
    }
    return queue.messages.find((m) => m.messageId === messageId);
  }

  private deleteByHandle(queue: Queue, handle: unknown) {
    const message = this.byHandle(queue, handle);
    // An old handle of a message received again succeeds and deletes nothing, as in SQS.
    if (message && message.receiptHandle === handle) queue.messages.splice(queue.messages.indexOf(message), 1);
  }

  private changeVisibility(queue: Queue, handle: unknown, timeout: unknown) {
    const seconds = intIn(String(timeout ?? ''), 0, SQS_LIMITS.maxVisibilityTimeoutSeconds, 'VisibilityTimeout');
    const message = this.byHandle(queue, handle);
    this.expireVisibility(queue, Date.now());
    if (!message || message.receiptHandle !== handle || !message.inFlight) {
      throw new SqsError('MessageNotInflight', 'AWS.SimpleQueueService.MessageNotInflight', 'The message referred to is not in flight.');
    }
    message.visibleAt = Date.now() + seconds * 1000;
    if (seconds === 0) {
      message.inFlight = false;
      this.wake();
    }
  }
}

function intIn(value: string, min: number, max: number, name: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) throw invalidParameter(`Invalid value for the parameter ${name}.`);
  return n;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Far above any valid request (a batch is at most 256 KiB of bodies plus its JSON).
      if (size > 2 * 1024 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts the local SQS on host:port; the server answers the JSON protocol only. */
export async function startSqsStandIn(options: LocalSqsOptions): Promise<{ server: Server; sqs: LocalSqs }> {
  const sqs = new LocalSqs(options);
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID(), ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !target.startsWith('AmazonSQS.')) {
        throw new SqsError('InvalidAction', 'InvalidAction', 'The local SQS speaks the JSON protocol only (POST with X-Amz-Target: AmazonSQS.<Operation>).');
      }
      const text = await readBody(req);
      let input: Record<string, unknown>;
      try {
        input = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        throw new SqsError('SerializationException', 'SerializationException', 'The request body is not valid JSON.');
      }
      reply(200, await sqs.handle(target.slice('AmazonSQS.'.length), input));
    } catch (error) {
      if (error instanceof SqsError) {
        reply(error.status, { __type: `com.amazonaws.sqs#${error.type}`, message: error.message }, { 'x-amzn-query-error': `${error.queryCode};Sender` });
      } else {
        reply(500, { __type: 'com.amazonaws.sqs#InternalError', message: 'We encountered an internal error. Please try again.' }, { 'x-amzn-query-error': 'InternalError;Receiver' });
      }
    }
  });
  await new Promise<void>((r, reject) => server.listen(options.port, options.host, () => r()).on('error', reject));
  return { server, sqs };
}
