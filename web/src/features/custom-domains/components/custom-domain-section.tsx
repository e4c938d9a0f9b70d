// Agency Settings → Custom domain (issue 21 §2): add a domain the agency controls, see the DNS record to create
// (copyable) and the domain's state (with the reason while pending or failed), look again, and remove it after a
// confirmation naming the cards whose QR codes point at it.
import { zodResolver } from '@hookform/resolvers/zod';
import { customDomainMessages } from '@shared/messages/custom-domains';
import { addCustomDomainSchema, customDomainProblem, type AddCustomDomainInput, type CustomDomain } from '@shared/schemas/custom-domain';
import * as z from '@shared/zod';
import { Copy, Globe, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Badge, type BadgeVariant } from '@web/components/badge';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { getConfig } from '@web/lib/config';
import { useAddCustomDomain } from '../api/add-custom-domain';
import { useCustomDomains } from '../api/list-custom-domains';
import { useRemoveCustomDomain } from '../api/remove-custom-domain';

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
  // The API refuses the platform's own domain too; the form says so before sending.
  const platformHost = new URL(getConfig().publicOrigin).hostname;
  const schema = addCustomDomainSchema.check(
    z.superRefine((value, ctx) => {
      const problem = customDomainProblem(value.domain, platformHost);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['domain'], input: value.domain });
    }),
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddCustomDomainInput>({ resolver: zodResolver(schema), defaultValues: { domain: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const added = await add.mutateAsync(input);
      reset({ domain: '' });
      toast.success(customDomainMessages.added(added.domain));
    } catch (error) {
      if (applyFieldErrors(error, setError, ['domain'])) return;
      toast.error(isApiError(error) && error.status < 500 ? error.message : customDomainMessages.addFailed);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-busy={isSubmitting}>
      <FormField label="Domain" error={errors.domain?.message} className="min-w-0 flex-1 basis-56">
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} inputMode="url" placeholder="cards.youragency.com" {...register('domain')} />
      </FormField>
      <Button type="submit" variant="outline" disabled={isSubmitting} className={errors.domain ? 'mb-7' : undefined}>
        Add domain
      </Button>
    </form>
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
      {domain.state !== 'active' && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">DNS record to create at your DNS provider</p>
          {domain.dnsRecords.map((record) => (
            <dl key={`${record.type}-${record.name}`} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-muted p-3 text-sm">
              <dt className="text-muted-foreground">Type</dt>
              <dd>{record.type}</dd>
              <dt className="text-muted-foreground">Name</dt>
              <dd className="flex min-w-0 items-center gap-1 break-all">
                {record.name}
                <CopyButton value={record.name} label={`Copy the record name ${record.name}`} />
              </dd>
              <dt className="text-muted-foreground">Value</dt>
              <dd className="flex min-w-0 items-center gap-1 break-all">
                {record.value}
                <CopyButton value={record.value} label={`Copy the record value ${record.value}`} />
              </dd>
            </dl>
          ))}
        </div>
      )}
      {domain.state === 'active' && <p className="text-sm">Card pages of your clients open at {domain.origin}/card/…</p>}
      <div className="flex flex-wrap gap-2">
        {domain.state !== 'active' && (
          <Button variant="outline" size="sm" disabled={refreshing} onClick={onRefresh}>
            <RefreshCw aria-hidden />
            Check again
          </Button>
        )}
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

function CopyButton({ value, label }: { value: string; label: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied');
    } catch {
      toast.error('Could not copy: select the text and copy it.');
    }
  }
  return (
    <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={label} onClick={() => void copy()}>
      <Copy aria-hidden />
    </Button>
  );
}
