// Company Settings → 'Leavers' (issue 39): the default successor — whose card a leaver's page points to when nobody
// picks a colleague (a directory's SCIM deactivation, a status saved as Inactive) — and one per department, which comes
// first. People are picked in the searchable combobox; the server checks each is an active person with a card.
import { messages } from '@shared/messages';
import { leaverDefaultsInputSchema, type LeaverDefaults } from '@shared/schemas/leavers';
import { Plus, Trash2, UserRoundCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Input } from '@web/components/input';
import { Label } from '@web/components/label';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useLeaverDefaults, useSaveLeaverDefaults } from '../api/leavers';
import { PersonPicker, type PickedPerson } from './person-picker';

const m = messages.leavers;

interface Row {
  key: number;
  department: string;
  successor: PickedPerson | null;
}

export function LeaverDefaultsSection({ businessId }: { businessId: string }) {
  const headingId = useId();
  const defaults = useLeaverDefaults(businessId);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <UserRoundCheck aria-hidden className="size-4" />
          {m.defaultsTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{m.defaultsIntro}</p>
      </div>
      {defaults.isPending ? (
        <Spinner label="Loading leaver defaults…" />
      ) : defaults.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the leaver defaults. Please try again.
        </p>
      ) : (
        <DefaultsForm businessId={businessId} saved={defaults.data} />
      )}
    </section>
  );
}

let nextKey = 0;
const rowsOf = (saved: LeaverDefaults): Row[] => saved.departments.map((d) => ({ key: nextKey++, department: d.department, successor: d.successor }));

function DefaultsForm({ businessId, saved }: { businessId: string; saved: LeaverDefaults }) {
  const id = useId();
  const save = useSaveLeaverDefaults(businessId);
  const [successor, setSuccessor] = useState<PickedPerson | null>(saved.successor);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = save.isPending;

  const setRow = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const errorOf = (field: string) => errors[field];
  const errorId = (field: string) => `${id}-${field.replaceAll('.', '-')}-error`;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    rows.forEach((r, i) => {
      if (!r.successor) problems[`departments.${i}.successorEmployeeId`] = m.successorRequired;
    });
    const input = {
      successorEmployeeId: successor?.employeeId ?? null,
      departments: rows.map((r) => ({ department: r.department, successorEmployeeId: r.successor?.employeeId ?? '' })),
    };
    const parsed = leaverDefaultsInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        problems[field] ??= issue.message;
      }
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`${id}-${Object.keys(problems)[0]!.replaceAll('.', '-')}`)?.focus();
      return;
    }
    try {
      const result = await save.mutateAsync(input);
      setSuccessor(result.successor);
      setRows(rowsOf(result));
      toast.success(m.defaultsSaved);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) setErrors(error.fieldErrors);
      toast.error('Error', { description: isApiError(error) && error.status < 500 ? error.message : m.defaultsFailed });
    }
  };

  const field = (name: string) => `${id}-${name.replaceAll('.', '-')}`;
  const described = (name: string) => (errorOf(name) ? errorId(name) : undefined);

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-busy={busy}>
      <div className="grid gap-1.5">
        <Label id={`${field('successorEmployeeId')}-label`} htmlFor={field('successorEmployeeId')}>
          {m.defaultSuccessor}
        </Label>
        <PersonPicker
          id={field('successorEmployeeId')}
          businessId={businessId}
          aria-labelledby={`${field('successorEmployeeId')}-label`}
          aria-describedby={described('successorEmployeeId')}
          invalid={Boolean(errorOf('successorEmployeeId'))}
          value={successor}
          onChange={setSuccessor}
          withCard
          emptyOption={m.noSuccessor}
          disabled={busy}
        />
        {saved.successor && !saved.successor.active && successor?.employeeId === saved.successor.employeeId && (
          <p className="text-sm text-muted-foreground">{`${saved.successor.name} is no longer active: their card is passed over.`}</p>
        )}
        <FieldError id={errorId('successorEmployeeId')} message={errorOf('successorEmployeeId')} />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{m.departmentSuccessors}</legend>
        {rows.map((row, i) => {
          const dept = `departments.${i}.department`;
          const person = `departments.${i}.successorEmployeeId`;
          return (
            <div key={row.key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1.4fr_auto] sm:items-start">
              <div className="grid gap-1.5">
                <Label htmlFor={field(dept)}>{m.department}</Label>
                <Input
                  id={field(dept)}
                  value={row.department}
                  maxLength={120}
                  aria-invalid={Boolean(errorOf(dept)) || undefined}
                  aria-describedby={described(dept)}
                  onChange={(e) => setRow(row.key, { department: e.target.value })}
                  disabled={busy}
                />
                <FieldError id={errorId(dept)} message={errorOf(dept)} />
              </div>
              <div className="grid gap-1.5">
                <Label id={`${field(person)}-label`} htmlFor={field(person)}>
                  {m.departmentSuccessor(row.department.trim())}
                </Label>
                <PersonPicker
                  id={field(person)}
                  businessId={businessId}
                  aria-labelledby={`${field(person)}-label`}
                  aria-describedby={described(person)}
                  invalid={Boolean(errorOf(person))}
                  value={row.successor}
                  onChange={(picked) => setRow(row.key, { successor: picked })}
                  withCard
                  disabled={busy}
                />
                <FieldError id={errorId(person)} message={errorOf(person)} />
              </div>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="sm:mt-6"
                aria-label={m.removeDepartment(row.department.trim())}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                disabled={busy}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          );
        })}
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={busy || rows.length >= 50}
            onClick={() => {
              const key = nextKey++;
              setRows((all) => [...all, { key, department: '', successor: null }]);
              requestAnimationFrame(() => document.getElementById(field(`departments.${rows.length}.department`))?.focus());
            }}
          >
            <Plus aria-hidden className="size-4" />
            {m.addDepartment}
          </Button>
        </div>
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : m.saveDefaults}
        </Button>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
