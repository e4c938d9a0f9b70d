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
