// Billing runs (issue 20 §3) in the admin Billing tab: the current run's progress while it runs (polled every 2 s,
// announced politely), and the recent runs with their figures and the failures (payer and reason) of each.
import { formatBillingPeriod, formatLongDate } from '@shared/format';
import { invoiceMessages } from '@shared/messages/invoice';
import { billingRunDone, type BillingRun } from '@shared/schemas/billing-run';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Badge } from '@web/components/badge';
import { Card } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { KeptPlaceholder } from '@web/components/stat-card';
import { keepLabel, keptLabel } from '@web/features/auth/kept-labels';
import { useSession } from '@web/features/auth/session-provider';
import { useBillingRuns } from '../api/billing-runs';
import { invoiceKeys } from '../api/invoices';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const startedLabel = (run: BillingRun) => `${formatLongDate(run.startedAt)}, ${timeOf(run.startedAt)} UTC`;
const startedByLabel = (run: BillingRun) => (run.startedBy === 'schedule' ? 'Schedule' : 'An admin');

function statusOf(run: BillingRun): { label: string; variant: 'secondary' | 'success' | 'destructive' | 'outline' } {
  if (run.status === 'queued') return { label: 'Queued', variant: 'outline' };
  if (run.status === 'running') return { label: 'Running', variant: 'secondary' };
  return run.failed > 0 ? { label: 'Finished with failures', variant: 'destructive' } : { label: 'Finished', variant: 'success' };
}

/** One sentence for screen readers and the progress line: where the run stands. */
function progressText(run: BillingRun): string {
  const period = formatBillingPeriod(run.period);
  if (run.status === 'queued' || run.expected === null) return `Billing run for ${period}: listing payers…`;
  const done = billingRunDone(run);
  if (run.status === 'running') return `Billing run for ${period}: ${done} of ${run.expected} payers done (${run.billed} billed, ${run.failed} failed).`;
  return `${invoiceMessages.generated(run.billed)} for ${period} (${run.alreadyBilled} already billed, ${run.skipped + run.notBillable} skipped, ${run.failed} failed).`;
}

/** The kept label of the runs' sentence (the Billing tab's largest text, its LCP element). */
const KEPT_SENTENCE = 'admin:billing-runs';
const NO_RUNS = 'No billing runs yet. Generate monthly invoices starts one; the schedule runs one on the 1st of each month.';

/**
 * The runs' card before the runs have answered (issue 25 §1): its heading, and the sentence the last visit drew (in
 * the prerendered frame web/kept-labels.js fills its slot before the first paint) or a placeholder line.
 */
export function BillingRunsFrame() {
  const kept = keptLabel(useSession().me?.userId, KEPT_SENTENCE);
  return (
    <Card className="grid gap-3 p-4">
      <h3 className="text-lg font-semibold">Billing runs</h3>
      <p className="text-sm">{kept ?? <KeptPlaceholder width="w-64 max-w-full" keptSlot={KEPT_SENTENCE} />}</p>
      <Spinner label="Loading billing runs…" className="sr-only" />
    </Card>
  );
}

export function BillingRuns() {
  const runs = useBillingRuns();
  const queryClient = useQueryClient();
  const current = runs.data?.runs.find((run) => run.status !== 'finished');
  // The run that was current when last seen: when it finishes, the invoice list is read again.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (current) watched.current = current.id;
    else if (watched.current) {
      watched.current = null;
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    }
  }, [current, queryClient]);
  const latest = current ?? runs.data?.runs[0];
  const userId = useSession().me?.userId;
  const sentence = runs.data ? (latest ? progressText(latest) : NO_RUNS) : null;
  useEffect(() => {
    if (sentence) keepLabel(userId, KEPT_SENTENCE, sentence);
  }, [userId, sentence]);

  return (
    <Card className="grid gap-3 p-4">
      <h3 id="billing-runs-heading" className="text-lg font-semibold">
        Billing runs
      </h3>
      {runs.isPending ? (
        <Spinner label="Loading billing runs…" />
      ) : runs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to fetch billing runs
        </p>
      ) : runs.data.runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{NO_RUNS}</p>
      ) : (
        <>
          {/* Polite: progress is announced when the reader is idle, not on every poll over what they are doing. */}
          <div aria-live="polite" aria-atomic="true" className="grid gap-2">
            {latest && (
              <>
                <p className="text-sm" data-testid="billing-run-progress">
                  {sentence}
                </p>
                {current && current.expected !== null && current.expected > 0 && (
                  <progress className="h-2 w-full accent-primary" max={current.expected} value={billingRunDone(current)} aria-label={`Payers done for ${formatBillingPeriod(current.period)}`} />
                )}
              </>
            )}
          </div>
          <ul aria-labelledby="billing-runs-heading" className="grid gap-3">
            {runs.data.runs.map((run) => (
              <BillingRunItem key={run.id} run={run} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function BillingRunItem({ run }: { run: BillingRun }) {
  const status = statusOf(run);
  const figures: [string, number | string][] = [
    ['Expected', run.expected ?? '—'],
    ['Billed', run.billed],
    ['Already billed', run.alreadyBilled],
    ['Skipped', run.skipped + run.notBillable],
    ['Failed', run.failed],
  ];
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="billing-run">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {formatBillingPeriod(run.period)}
          <span className="block text-xs font-normal text-muted-foreground">
            Started {startedLabel(run)} by {startedByLabel(run).toLowerCase()}
            {run.finishedAt ? ` · finished ${timeOf(run.finishedAt)} UTC` : ''}
          </span>
        </p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 sm:block">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {run.mailsFailed > 0 && <p className="text-sm text-muted-foreground">{run.mailsFailed} invoice e-mails could not be sent; the invoices exist and can be mailed again.</p>}
      {run.failures.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-destructive">
            {run.failed} failed {run.failed === 1 ? 'payer' : 'payers'}
          </summary>
          <ul className="mt-2 grid gap-1">
            {run.failures.map((f) => (
              <li key={`${f.payerType}-${f.payerId}`} className="break-words">
                <span className="font-medium">{f.payerType === 'agency' ? 'Agency' : 'Business'} {f.payerId}</span>: {f.reason}
              </li>
            ))}
          </ul>
          {run.failed > run.failures.length && <p className="mt-1 text-muted-foreground">The first {run.failures.length} are listed; every failed payer is in the billing dead-letter queue.</p>}
        </details>
      )}
    </li>
  );
}
