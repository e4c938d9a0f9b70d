// What the Custom domain and Sending domain sections of Agency Settings share: the form that adds a domain (the same
// hostname rules, and not the platform's own domain) and the DNS records to create, each value copyable.
import { zodResolver } from '@hookform/resolvers/zod';
import { addCustomDomainSchema, customDomainProblem, type AddCustomDomainInput, type CustomDomain } from '@shared/schemas/custom-domain';
import * as z from '@shared/zod';
import { Copy } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { getConfig } from '@web/lib/config';

/** Add a domain: `onAdd` sends it (and says it was added); a refusal shows on the field, a failure in a toast. */
export function DomainForm({ submitLabel, failedMessage, onAdd }: { submitLabel: string; failedMessage: string; onAdd: (input: AddCustomDomainInput) => Promise<void> }) {
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
      await onAdd(input);
      reset({ domain: '' });
    } catch (error) {
      if (applyFieldErrors(error, setError, ['domain'])) return;
      toast.error(isApiError(error) && error.status < 500 ? error.message : failedMessage);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-busy={isSubmitting}>
      <FormField label="Domain" error={errors.domain?.message} className="min-w-0 flex-1 basis-56">
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} inputMode="url" placeholder="cards.youragency.com" {...register('domain')} />
      </FormField>
      <Button type="submit" variant="outline" disabled={isSubmitting} className={errors.domain ? 'mb-7' : undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The DNS records to create at the agency's DNS provider, under `heading`. */
export function DnsRecords({ heading, records }: { heading: string; records: CustomDomain['dnsRecords'] }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{heading}</p>
      {records.map((record) => (
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
