// Records the name of every command a DynamoDB client sends, to count the round trips of an access pattern.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Adds a middleware to `client` and returns the list it appends each command name to (e.g. 'GetItemCommand'). */
export function recordDynamoCommands(client: DynamoDBDocumentClient): string[] {
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'recordDynamoCommands' },
  );
  return sent;
}

/** A read a client made: the command, the items DynamoDB evaluated (ScannedCount: a filter's rejects count) and returned. */
export interface DynamoRead {
  command: string;
  /** The index a Query or Scan read, if any. */
  index?: string;
  /** Items read: a Query's or Scan's ScannedCount; a GetItem's item; a BatchGetItem's items. */
  scanned: number;
  items: Record<string, unknown>[];
}

/** Adds a middleware to `client` and returns the list it appends each read (Query, Scan, GetItem, BatchGetItem) to. */
export function recordDynamoReads(client: DynamoDBDocumentClient): DynamoRead[] {
  const reads: DynamoRead[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const command = String(context.commandName);
      const index = (args.input as { IndexName?: string }).IndexName;
      const output = result.output as { Items?: Record<string, unknown>[]; ScannedCount?: number; Item?: Record<string, unknown>; Responses?: Record<string, Record<string, unknown>[]> };
      if (/^(Query|Scan)Command$/.test(command)) reads.push({ command, ...(index ? { index } : {}), scanned: output.ScannedCount ?? output.Items?.length ?? 0, items: output.Items ?? [] });
      else if (/^Get(Item)?Command$/.test(command)) reads.push({ command, scanned: output.Item ? 1 : 0, items: output.Item ? [output.Item] : [] });
      else if (/^BatchGet(Item)?Command$/.test(command)) {
        const items = Object.values(output.Responses ?? {}).flat();
        reads.push({ command, scanned: items.length, items });
      }
      return result;
    },
    { step: 'initialize', name: 'recordDynamoReads' },
  );
  return reads;
}
