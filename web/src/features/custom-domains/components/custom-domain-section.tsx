// Agency Settings → Custom domain (issue 21 §2): add a domain the agency controls, see the DNS record to create
// (copyable) and the domain's state (with the reason while pending or failed), look again, and remove it after a
// confirmation naming the cards whose QR codes point at it. Once active, it counts the clients' cards whose QR codes
// still encode the platform's address and moves them to the domain after a confirmation.
import { customDomainMessages } from '@shared/messages/custom-domains';
import type { CustomDomain } from '@shared/schemas/custom-domain';
import { Globe, QrCode, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Badge, type BadgeVariant } from '@web/components/badge';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useAddCustomDomain } from '../api/add-custom-domain';
import { useCustomDomains } from '../api/list-custom-domains';
import { useMoveQrCodes } from '../api/move-qr-codes';
import { useRemoveCustomDomain } from '../api/remove-custom-domain';
import { DnsRecords, DomainForm } from './domain-parts';

const stateLabels: Record<CustomDomain['state'], { label: string; variant: BadgeVariant }> = {
  'pending-dns': { label: 'Pending DNS', variant: 'secondary' },
  'issuing-certificate': { label: 'Issuing certificate', variant: 'outline' },
  active: { label: 'Active', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function CustomDomainSection({ agencyId }: { agencyId: string }) {
  const headingId = useId();
  const domains = useCustomDomains(agencyId);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Globe aria-hidden className="size-4" />
          Custom domain
        </h3>
        <p className="text-sm text-muted-foreground">Your clients’ card pages and new QR codes use your own domain, such as cards.youragency.com, once it is active.</p>
      </div>
      {domains.isError && <p className="text-sm text-destructive">{customDomainMessages.loadFailed}</p>}
      {domains.data?.domains.map((domain) => (
        <DomainCard key={domain.id} agencyId={agencyId} domain={domain} refreshing={domains.isFetching} onRefresh={() => void domains.refetch()} />
      ))}
      <AddDomainForm agencyId={agencyId} />
    </section>
  );
}

function AddDomainForm({ agencyId }: { agencyId: string }) {
  const add = useAddCustomDomain(agencyId);
  return (
    <DomainForm
      submitLabel="Add domain"
      failedMessage={customDomainMessages.addFailed}
      onAdd={async (input) => {
        toast.success(customDomainMessages.added((await add.mutateAsync(input)).domain));
      }}
    />
  );
}

function DomainCard({ agencyId, domain, refreshing, onRefresh }: { agencyId: string; domain: CustomDomain; refreshing: boolean; onRefresh: () => void }) {
  const remove = useRemoveCustomDomain(agencyId);
  const [confirming, setConfirming] = useState(false);
  const state = stateLabels[domain.state];

  async function onRemove() {
    try {
      const removed = await remove.mutateAsync(domain.id);
      setConfirming(false);
      toast.success(customDomainMessages.removed(removed.domain, removed.regeneratedQrCodes));
    } catch {
      toast.error(customDomainMessages.removeFailed);
    }
  }

  return (
    <div className="grid gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-all">{domain.domain}</p>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      {domain.reason && (
        <p role={domain.state === 'failed' ? 'alert' : undefined} className={domain.state === 'failed' ? 'text-sm text-destructive' : 'text-sm'}>
          {domain.reason}
        </p>
      )}
      {domain.state !== 'active' && <DnsRecords heading="DNS record to create at your DNS provider" records={domain.dnsRecords} />}
      {domain.state === 'active' && <p className="text-sm">Card pages of your clients open at {domain.origin}/card/…</p>}
      {domain.state === 'active' && domain.platformQrCardCount > 0 && <p className="text-sm">{customDomainMessages.platformQrCards(domain.platformQrCardCount)}</p>}
      <div className="flex flex-wrap gap-2">
        {domain.state !== 'active' && (
          <Button variant="outline" size="sm" disabled={refreshing} onClick={onRefresh}>
            <RefreshCw aria-hidden />
            Check again
          </Button>
        )}
        {domain.state === 'active' && domain.platformQrCardCount > 0 && <MoveQrCodes agencyId={agencyId} domain={domain} />}
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Remove domain
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${domain.domain}?`}
        description={customDomainMessages.removeWarning(domain.qrCardCount, domain.domain)}
        confirmLabel="Remove domain"
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onOpenChange={setConfirming}
      />
    </div>
  );
}

/** 'Move QR codes to this domain' with its confirmation (the platform address keeps working for printed codes). */
function MoveQrCodes({ agencyId, domain }: { agencyId: string; domain: CustomDomain }) {
  const move = useMoveQrCodes(agencyId);
  const [confirming, setConfirming] = useState(false);
  const count = domain.platformQrCardCount;

  async function onMove() {
    try {
      await move.mutateAsync(domain.id);
      setConfirming(false);
      toast.success(customDomainMessages.moved(domain.domain, count));
    } catch {
      toast.error(customDomainMessages.moveFailed);
    }
  }

  return (
    <>
      <Button size="sm" onClick={() => setConfirming(true)}>
        <QrCode aria-hidden />
        Move QR codes to this domain
      </Button>
      <ConfirmDialog
        open={confirming}
        title={customDomainMessages.moveTitle(domain.domain)}
        description={customDomainMessages.moveConfirm(count, domain.domain)}
        confirmLabel="Move QR codes"
        busy={move.isPending}
        safe
        onConfirm={() => void onMove()}
        onOpenChange={setConfirming}
      />
    </>
  );
}
