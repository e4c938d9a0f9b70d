// One employee in the dashboard grid (spec 2 'Business dashboard').
import type { Employee } from '@shared/schemas/employee';
import { Eye, Mail, Trash2 } from 'lucide-react';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { pluralize } from '@shared/format';
import { Avatar } from '@web/components/avatar';
import { StatusBadge } from './status-badge';
import { roleBadgeOf } from './role-field';

/** `onDelete` is offered only for an inactive employee who is not an owner (spec 2). */
export function EmployeeCard({ employee, onView, onDelete }: { employee: Employee; onView: () => void; onDelete: () => void }) {
  const deletable = employee.status === 'inactive' && employee.role !== 'owner';
  const scans = employee.card?.scanCount ?? 0;
  return (
    <Card className="flex h-full flex-col gap-4 p-4">
      <div className="flex items-start gap-3">
        <Avatar name={employee.name} src={employee.photoUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold">{employee.name}</h3>
            {roleBadgeOf(employee.role) && <Badge variant="default">{roleBadgeOf(employee.role)}</Badge>}
          </div>
          {employee.jobTitle && <p className="truncate text-sm text-muted-foreground">{employee.jobTitle}</p>}
          <p className="flex items-center gap-1 truncate text-sm text-muted-foreground">
            <Mail aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{employee.email}</span>
          </p>
          {scans > 0 && <p className="mt-1 text-xs font-medium text-foreground">{pluralize(scans, 'scan')}</p>}
        </div>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2">
        <StatusBadge status={employee.status} />
        <div className="flex gap-2">
          {deletable && (
            <Button variant="outline" size="sm" onClick={onDelete} className="text-destructive hover:text-destructive">
              <Trash2 aria-hidden />
              <span className="sr-only">Delete {employee.name}</span>
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onView}>
            <Eye aria-hidden />
            View<span className="sr-only"> {employee.name}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}
