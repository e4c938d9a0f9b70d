// Agency Settings → Sending domain: add the domain the agency's clients' mails should come from, see the three DKIM
// records to publish (copyable) and the state SES reports (pending, verified, failed), check again, and remove it.
import { sendingDomainMessages } from '@shared/messages/sending-domain';
import type { SendingDomain } from '@shared/schemas/sending-domain';
import { Mail, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Badge, type BadgeVariant } from '@web/components/badge';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DnsRecords, DomainForm } from '@web/features/custom-domains/components/domain-parts';
import { useAddSendingDomain, useRemoveSendingDomain, useSendingDomain } from '../api/sending-domain';

const stateLabels: Record<SendingDomain['state'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  verified: { label: 'Verified', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function SendingDomainSection({ agencyId }: { agencyId: string }) {
  const headingId = useId();
  const view = useSendingDomain(agencyId);
  const add = useAddSendingDomain(agencyId);
  const domain = view.data?.sendingDomain;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Mail aria-hidden className="size-4" />
          Sending domain
        </h3>
        <p className="text-sm text-muted-foreground">
          Mails to your white-labelled clients’ people come from your own domain, such as <span className="whitespace-nowrap">no-reply@mail.youragency.com</span>, once it is verified.
        </p>
      </div>
      {view.isError && <p className="text-sm text-destructive">{sendingDomainMessages.loadFailed}</p>}
      {domain && <SendingDomainCard agencyId={agencyId} domain={domain} checking={view.isFetching} onCheck={() => void view.refetch()} />}
      {view.isSuccess && !domain && (
        <DomainForm
          submitLabel="Add sending domain"
          failedMessage={sendingDomainMessages.addFailed}
          onAdd={async (input) => {
            toast.success(sendingDomainMessages.added((await add.mutateAsync(input)).domain));
          }}
        />
      )}
    </section>
  );
}

function SendingDomainCard({ agencyId, domain, checking, onCheck }: { agencyId: string; domain: SendingDomain; checking: boolean; onCheck: () => void }) {
  const remove = useRemoveSendingDomain(agencyId);
  const [confirming, setConfirming] = useState(false);
  const state = stateLabels[domain.state];

  async function onRemove() {
    try {
      const removed = await remove.mutateAsync();
      setConfirming(false);
      toast.success(sendingDomainMessages.removed(removed.domain));
    } catch {
      toast.error(sendingDomainMessages.removeFailed);
    }
  }

  return (
    <div className="grid gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-all">{domain.domain}</p>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <p role={domain.state === 'failed' ? 'alert' : undefined} className={domain.state === 'failed' ? 'text-sm text-destructive' : 'text-sm'}>
        {domain.reason}
      </p>
      {domain.state !== 'verified' && <DnsRecords heading="DKIM records to create at your DNS provider" records={domain.dnsRecords} />}
      <div className="flex flex-wrap gap-2">
        {domain.state !== 'verified' && (
          <Button variant="outline" size="sm" disabled={checking} onClick={onCheck}>
            <RefreshCw aria-hidden />
            Check
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Remove sending domain
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${domain.domain}?`}
        description={sendingDomainMessages.removeWarning(domain.domain)}
        confirmLabel="Remove sending domain"
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
