// The Activity dialog (issue 23 §3): the business's audit log newest first — who changed what, when and from where —
// with filters by person, action and days, 'Load more', and the same entries as CSV. Loaded on first open.
import { activityMessages } from '@shared/messages/activity';
import { businessRoleMessages } from '@shared/messages/business-roles';
import { auditActionIds, auditActions, auditQuerySchema, type AuditEntry } from '@shared/schemas/audit';
import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { ExportCsvButton } from '@web/components/export-csv-button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { exportActivityCsv, useActivity, type ActivityFilters } from '../api/activity';

interface Props {
  businessId: string;
  businessName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const actorBadges: Record<AuditEntry['actor']['type'], string | null> = { user: null, admin: 'Admin', agency: 'Agency', scim: 'Directory sync', system: 'System' };

/** Field names as people say them. */
const fieldWords: Record<string, string> = {
  jobTitle: 'job title',
  officePhone: 'office phone',
  mobilePhone: 'mobile phone',
  linkedinProfile: 'LinkedIn',
  photoUrl: 'photo',
  logoUrl: 'logo',
  isActive: 'active',
  billingEmail: 'billing e-mail',
  primaryColor: 'primary colour',
  secondaryColor: 'secondary colour',
  accentColor: 'accent colour',
  zipCode: 'ZIP code',
  defaultSuccessor: 'default successor',
  departmentSuccessors: 'successors by department',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function EntryItem({ entry }: { entry: AuditEntry }) {
  const badge = actorBadges[entry.actor.type];
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">
          {auditActions[entry.action]}
          {entry.target.label ? <span className="font-normal">: {entry.target.label}</span> : null}
        </p>
        <time dateTime={entry.at} className="text-sm text-muted-foreground">
          {when.format(new Date(entry.at))}
        </time>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="break-all">
          By {entry.actor.label}
          {entry.actor.role ? ` as ${businessRoleMessages.labels[entry.actor.role]}` : null}
        </span>
        {badge ? <Badge variant="secondary">{badge}</Badge> : null}
      </p>
      {entry.fields.length > 0 ? <p className="text-sm text-muted-foreground">Changed: {entry.fields.map((f) => fieldWords[f] ?? f).join(', ')}</p> : null}
      <p className="text-xs break-all text-muted-foreground">
        {entry.viewerIp ? `From ${entry.viewerIp}` : 'From the platform'}
        {entry.requestId ? ` · Request ${entry.requestId}` : ''}
      </p>
    </li>
  );
}

export function ActivityDialog({ businessId, businessName, open, onOpenChange }: Props) {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const activity = useActivity(businessId, filters);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const parsed = auditQuerySchema.safeParse({ person: text('person'), action: text('action'), from: text('from'), to: text('to') });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    setFilters({ person: parsed.data.person || undefined, action: parsed.data.action, from: parsed.data.from, to: parsed.data.to });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Activity</DialogTitle>
          <DialogDescription>Changes to {businessName} in the last year: who made them, when, and from which address.</DialogDescription>
        </DialogHeader>
        <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2" aria-label="Filter activity" noValidate>
          <FormField label="Person" error={fieldErrors.person}>
            <Input id="activity-person" name="person" placeholder="E-mail or token name" />
          </FormField>
          <FormField label="Action">
            <NativeSelect id="activity-action" name="action" defaultValue="">
              <option value="">All actions</option>
              {auditActionIds.map((id) => (
                <option key={id} value={id}>
                  {auditActions[id]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="From" error={fieldErrors.from}>
            <Input id="activity-from" name="from" type="date" />
          </FormField>
          <FormField label="To" error={fieldErrors.to}>
            <Input id="activity-to" name="to" type="date" />
          </FormField>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" size="sm">
              Apply filters
            </Button>
            <ExportCsvButton filename="activity.csv" load={() => exportActivityCsv(businessId, filters)} onError={() => toast.error(activityMessages.exportFailed)} />
          </div>
        </form>
        <section aria-label="Activity entries" aria-busy={activity.isPending}>
          {activity.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : activity.isError ? (
            <p role="alert" className="py-4 text-sm text-destructive">
              {activityMessages.loadFailed}
            </p>
          ) : entries.length === 0 ? (
            <p className="py-4 text-sm text-muted-foreground">{activityMessages.empty}</p>
          ) : (
            <ol>
              {entries.map((entry) => (
                <EntryItem key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          {activity.hasNextPage ? (
            <Button type="button" variant="outline" size="sm" className="mt-2" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
              {activity.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </section>
      </DialogContent>
    </Dialog>
  );
}

export default ActivityDialog;
