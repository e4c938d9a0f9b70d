// Company Settings → Departments: the business's departments with how many employees each has; add one, rename one in
// place (every profile and card follows at once) and delete one nobody is in (the button is there only then).
import { departmentMessages as m } from '@shared/messages/departments';
import { departmentInputSchema, type Department } from '@shared/schemas/department';
import { Building2, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Input } from '@web/components/input';
import { Label } from '@web/components/label';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useAddDepartment, useDeleteDepartment, useDepartments, useRenameDepartment } from '../api/departments';

/** The message to show for a failed write: the server's words for a refusal, a generic one otherwise. */
const failureOf = (error: unknown) => (isApiError(error) && error.status < 500 ? (error.fieldErrors?.name ?? error.message) : 'Something went wrong. Please try again.');

/** The name as the shared rule reads it, or the rule's message. */
function checkedName(value: string): { name: string } | { problem: string } {
  const parsed = departmentInputSchema.safeParse({ name: value });
  return parsed.success ? { name: parsed.data.name } : { problem: parsed.error.issues[0]?.message ?? m.nameRequired };
}

export function DepartmentsSection({ businessId }: { businessId: string }) {
  const headingId = useId();
  const departments = useDepartments(businessId);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <Building2 aria-hidden className="size-4" />
          {m.title}
        </h3>
        <p className="text-sm text-muted-foreground">{m.description}</p>
      </div>
      {departments.isPending ? (
        <Spinner label="Loading departments…" />
      ) : departments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {m.loadFailed}
        </p>
      ) : (
        <>
          {departments.data.departments.length === 0 ? (
            <p className="text-sm text-muted-foreground">{m.none}</p>
          ) : (
            <ul className="grid gap-2" aria-labelledby={headingId}>
              {departments.data.departments.map((d) => (
                <DepartmentRow key={d.departmentId} businessId={businessId} department={d} />
              ))}
            </ul>
          )}
          <AddDepartmentForm businessId={businessId} />
        </>
      )}
    </section>
  );
}

function DepartmentRow({ businessId, department }: { businessId: string; department: Department }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteDepartment(businessId);
  if (editing) return <RenameForm businessId={businessId} department={department} onDone={() => setEditing(false)} />;
  const onDelete = async () => {
    try {
      await remove.mutateAsync(department.departmentId);
    } catch (error) {
      toast.error('Error', { description: failureOf(error) });
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
      <div className="min-w-0">
        <p className="break-words font-medium">{department.name}</p>
        <p className="text-sm text-muted-foreground">{m.employees(department.employeeCount)}</p>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="icon" aria-label={m.rename(department.name)} onClick={() => setEditing(true)}>
          <Pencil aria-hidden className="size-4" />
        </Button>
        {department.employeeCount === 0 && (
          <Button type="button" variant="outline" size="icon" aria-label={m.remove(department.name)} disabled={remove.isPending} onClick={() => void onDelete()}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** A one-field form: the name, checked with the shared rule, its error under it. */
function NameForm({ id, label, initial, busy, submitLabel, onSubmit, onCancel }: { id: string; label: string; initial: string; busy: boolean; submitLabel: string; onSubmit: (name: string) => Promise<string | null>; onCancel?: () => void }) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkedName(value);
    if ('problem' in checked) {
      setProblem(checked.problem);
      document.getElementById(id)?.focus();
      return;
    }
    const failed = await onSubmit(checked.name);
    setProblem(failed);
    if (failed) document.getElementById(id)?.focus();
    else if (!onCancel) setValue('');
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-1.5" aria-busy={busy}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1 basis-48"
          value={value}
          maxLength={120}
          autoFocus={Boolean(onCancel)}
          aria-invalid={Boolean(problem) || undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && onCancel) {
              e.stopPropagation();
              onCancel();
            }
          }}
          disabled={busy}
        />
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            {m.cancel}
          </Button>
        )}
      </div>
      {problem && (
        <p id={errorId} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}

function RenameForm({ businessId, department, onDone }: { businessId: string; department: Department; onDone: () => void }) {
  const id = useId();
  const rename = useRenameDepartment(businessId);
  return (
    <li className="rounded-md border px-3 py-2">
      <NameForm
        id={id}
        label={m.rename(department.name)}
        initial={department.name}
        busy={rename.isPending}
        submitLabel={rename.isPending ? m.saving : m.save}
        onCancel={onDone}
        onSubmit={async (name) => {
          try {
            await rename.mutateAsync({ departmentId: department.departmentId, name });
            onDone();
            return null;
          } catch (error) {
            return failureOf(error);
          }
        }}
      />
    </li>
  );
}

function AddDepartmentForm({ businessId }: { businessId: string }) {
  const id = useId();
  const add = useAddDepartment(businessId);
  return (
    <NameForm
      id={id}
      label={m.nameLabel}
      initial=""
      busy={add.isPending}
      submitLabel={add.isPending ? m.adding : m.add}
      onSubmit={async (name) => {
        try {
          await add.mutateAsync({ name });
          return null;
        } catch (error) {
          return failureOf(error);
        }
      }}
    />
  );
}

