// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Company Settings → Webhooks: endpoints, their signing secret, the delivery log. */
export const webhookMessages = {
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Enter a full URL starting with https://',
  urlNotHttps: 'Webhooks are sent over https only. Enter a URL starting with https://',
  urlPrivate: 'Webhooks are not sent to private, loopback or link-local addresses. Enter a public URL.',
  urlCredentials: 'Leave the user name and password out of the URL.',
  eventsRequired: 'Choose at least one event',
  tooManyEndpoints: 'A business can have at most ten webhook endpoints. Delete one before adding another.',
  endpointNotFound: 'This webhook endpoint does not exist or was deleted.',
  deliveryNotFound: 'This delivery does not exist.',
  secretTitle: 'Signing secret',
  secretShownOnce: 'Copy it now: it will not be shown again. Your endpoint verifies each delivery with it (Standard Webhooks).',
  secretRotated: 'The old secret keeps signing alongside the new one for 24 hours, so you can switch without missing a delivery.',
  createFailed: 'Failed to add the endpoint. Please try again.',
  deleteFailed: 'Failed to delete the endpoint. Please try again.',
  rotateFailed: 'Failed to rotate the secret. Please try again.',
  testFailed: 'Failed to send the test event. Please try again.',
  replayFailed: 'Failed to replay the delivery. Please try again.',
  testQueued: 'Test event queued. It appears in the delivery log within seconds.',
  replayQueued: 'Delivery queued again.',
  endpointDeleted: 'Endpoint deleted. No more events are sent to it.',
} as const;
