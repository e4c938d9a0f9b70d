// Company Settings → 'Webhooks': the business's endpoints (URL, events), adding one (its signing secret shown once),
// rotating the secret (the old one signs beside the new one for 24 hours), Send test event, the delivery log with each
// attempt and Replay, and deleting an endpoint after a confirmation.
import { webhookMessages } from '@shared/messages/webhooks';
import { MAX_WEBHOOK_ENDPOINTS, webhookEndpointCreateSchema, webhookEventTypes, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType, type WebhookSecret } from '@shared/schemas/webhooks';
import { formatLongDate } from '@shared/format';
import { Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Badge, type BadgeVariant } from '@web/components/badge';
import { Button } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTestEvent,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

/** What each event is, as the owner picks them. */
const eventLabels: Record<WebhookEventType, string> = {
  'lead.created': 'Lead created (a visitor shared their details on a card)',
  'employee.created': 'Employee created',
  'employee.updated': 'Employee updated',
  'employee.deactivated': 'Employee deactivated',
  'card.scanned': 'Card scans (daily digest)',
  'invoice.paid': 'Invoice paid',
};

const statusVariant: Record<WebhookDelivery['status'], BadgeVariant> = { succeeded: 'success', pending: 'secondary', failed: 'destructive' };
const statusLabel: Record<WebhookDelivery['status'], string> = { succeeded: 'Delivered', pending: 'Retrying', failed: 'Failed' };

const formatTime = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

export function WebhooksSection({ businessId }: { businessId: string }) {
  const headingId = useId();
  const endpoints = useWebhookEndpoints(businessId);
  // Kept here, not in the form: the secret must stay on screen after the list reloads.
  const [secret, setSecret] = useState<{ title: string; value: WebhookSecret } | null>(null);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <Webhook aria-hidden className="size-4" />
          Webhooks
        </h3>
        <p className="text-sm text-muted-foreground">
          Send events to your own systems as they happen. Each delivery is signed with the endpoint’s secret (Standard Webhooks: webhook-id, webhook-timestamp and webhook-signature headers) and
          retried for 24 hours until your endpoint answers with a 2xx status.
        </p>
      </div>
      {secret && (
        <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{secret.title}</p>
          <p>{webhookMessages.secretShownOnce}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="webhook-secret" className="min-w-0 break-all rounded bg-white px-2 py-1">
              {secret.value.secret}
            </code>
            <CopyButton value={secret.value.secret} label="Copy signing secret" />
          </div>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      )}
      {endpoints.isPending ? (
        <Spinner label="Loading webhooks…" />
      ) : endpoints.isError ? (
        <p className="text-sm text-destructive">Could not load webhooks. Please try again.</p>
      ) : (
        <>
          {endpoints.data.endpoints.length === 0 ? (
            <p className="text-sm text-muted-foreground">No endpoints yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Webhook endpoints">
              {endpoints.data.endpoints.map((endpoint) => (
                <EndpointItem key={endpoint.id} businessId={businessId} endpoint={endpoint} onSecret={(value) => setSecret({ title: `New signing secret for ${endpoint.url}`, value })} />
              ))}
            </ul>
          )}
          {endpoints.data.endpoints.length >= MAX_WEBHOOK_ENDPOINTS ? (
            <p className="text-sm">{webhookMessages.tooManyEndpoints}</p>
          ) : (
            <AddEndpoint businessId={businessId} onCreated={(value) => setSecret({ title: `Signing secret for ${value.endpoint.url}`, value })} />
          )}
        </>
      )}
    </section>
  );
}

function EndpointItem({ businessId, endpoint, onSecret }: { businessId: string; endpoint: WebhookEndpoint; onSecret: (secret: WebhookSecret) => void }) {
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [showLog, setShowLog] = useState(false);
  const remove = useDeleteWebhookEndpoint(businessId);
  const rotate = useRotateWebhookSecret(businessId);
  const test = useSendWebhookTestEvent(businessId);
  const logId = useId();

  async function confirmAction() {
    try {
      if (confirm === 'delete') {
        await remove.mutateAsync(endpoint.id);
        toast.success(webhookMessages.endpointDeleted);
      } else {
        onSecret(await rotate.mutateAsync(endpoint.id));
        toast.success(webhookMessages.secretTitle, { description: webhookMessages.secretRotated });
      }
      setConfirm(null);
    } catch {
      toast.error('Error', { description: confirm === 'delete' ? webhookMessages.deleteFailed : webhookMessages.rotateFailed });
    }
  }

  async function sendTest() {
    try {
      await test.mutateAsync(endpoint.id);
      setShowLog(true);
      toast.success(webhookMessages.testQueued);
    } catch {
      toast.error('Error', { description: webhookMessages.testFailed });
    }
  }

  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="min-w-0">
        <p className="break-all font-medium">{endpoint.url}</p>
        {endpoint.description && <p className="break-words text-sm">{endpoint.description}</p>}
        <p className="text-xs text-muted-foreground">
          Added {formatLongDate(endpoint.createdAt)} · {endpoint.events.join(', ')}
        </p>
        {endpoint.previousSecretExpiresAt && (
          <p className="text-xs text-muted-foreground">
            The previous secret also signs until <time dateTime={endpoint.previousSecretExpiresAt}>{formatTime(endpoint.previousSecretExpiresAt)}</time>.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={test.isPending} onClick={() => void sendTest()}>
          Send Test Event
        </Button>
        <Button type="button" variant="outline" size="sm" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide Delivery Log' : 'Delivery Log'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setConfirm('rotate')}>
          Rotate Secret
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={`Delete ${endpoint.url}`} onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      </div>
      <div id={logId}>{showLog && <DeliveryLog businessId={businessId} endpointId={endpoint.id} />}</div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? 'Delete webhook endpoint?' : 'Rotate signing secret?'}
        description={
          confirm === 'delete'
            ? `No more events are sent to ${endpoint.url}. Deliveries still retrying stop.`
            : 'A new secret is shown once. The current secret keeps signing beside it for 24 hours, so you can update your endpoint without missing a delivery.'
        }
        confirmLabel={confirm === 'delete' ? 'Delete Endpoint' : 'Rotate Secret'}
        busy={remove.isPending || rotate.isPending}
        onConfirm={() => void confirmAction()}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
    </li>
  );
}

function DeliveryLog({ businessId, endpointId }: { businessId: string; endpointId: string }) {
  const deliveries = useWebhookDeliveries(businessId, endpointId);
  const replay = useReplayWebhookDelivery(businessId, endpointId);

  async function replayOne(deliveryId: string) {
    try {
      await replay.mutateAsync(deliveryId);
      toast.success(webhookMessages.replayQueued);
    } catch {
      toast.error('Error', { description: webhookMessages.replayFailed });
    }
  }

  if (deliveries.isPending) return <Spinner label="Loading deliveries…" />;
  if (deliveries.isError) return <p className="text-sm text-destructive">Could not load the delivery log. Please try again.</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Delivery log">
      {deliveries.data.deliveries.map((d) => {
        const last = d.attempts.at(-1);
        return (
          <li key={d.id} className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-muted/50 p-2 text-sm">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{d.eventType}</span>
                <Badge variant={statusVariant[d.status]}>{statusLabel[d.status]}</Badge>
                {d.replayOf && <span className="text-xs">Replay</span>}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time> · {d.attempts.length === 1 ? '1 attempt' : `${d.attempts.length} attempts`}
                {last && ` · last: ${last.status !== null ? `HTTP ${last.status}` : (last.error ?? 'no answer')}`}
                {d.nextAttemptAt && (
                  <>
                    {' '}
                    · next <time dateTime={d.nextAttemptAt}>{formatTime(d.nextAttemptAt)}</time>
                  </>
                )}
              </p>
              <p className="break-all text-xs text-muted-foreground">webhook-id {d.messageId}</p>
            </div>
            <Button type="button" variant="outline" size="sm" aria-label={`Replay ${d.eventType} of ${formatTime(d.createdAt)}`} disabled={replay.isPending} onClick={() => void replayOne(d.id)}>
              Replay
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function AddEndpoint({ businessId, onCreated }: { businessId: string; onCreated: (created: WebhookSecret) => void }) {
  const create = useCreateWebhookEndpoint(businessId);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['lead.created']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const eventsId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = webhookEndpointCreateSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ url: issue('url'), events: issue('events') });
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setUrl('');
      setDescription('');
    } catch (e) {
      // The server's URL rules (https, no private address) come back as the field's error.
      if (isApiError(e) && e.fieldErrors?.url) setErrors({ url: e.fieldErrors.url });
      else toast.error('Error', { description: isApiError(e) && e.status === 409 ? e.message : webhookMessages.createFailed });
    }
  }

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="Add webhook endpoint">
      <h4 className="text-sm font-medium">Add endpoint</h4>
      <FormField label="Endpoint URL" required error={errors.url} hint="https:// and a public address">
        <Input value={url} type="url" inputMode="url" maxLength={2048} autoComplete="off" placeholder="https://example.com/webhooks/cardcrew" onChange={(e) => setUrl(e.target.value)} />
      </FormField>
      <FormField label="Endpoint description" hint="Optional, for example “CRM”">
        <Input value={description} maxLength={200} autoComplete="off" onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        {webhookEventTypes.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1 size-4 accent-primary" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
            <span>
              <code>{type}</code> <span className="text-muted-foreground">{eventLabels[type]}</span>
            </span>
          </label>
        ))}
        {errors.events && (
          <p id={`${eventsId}-error`} className="text-sm font-medium text-destructive">
            {errors.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add Endpoint'}
      </Button>
    </form>
  );
}
