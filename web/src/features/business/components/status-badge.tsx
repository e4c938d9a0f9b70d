// Employee status as a badge: Draft, Active or Inactive.
import type { EmployeeStatus } from '@shared/schemas/employee';
import { Badge, type BadgeVariant } from '@web/components/badge';

const look: Record<EmployeeStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  active: { label: 'Active', variant: 'success' },
  inactive: { label: 'Inactive', variant: 'outline' },
};

export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const { label, variant } = look[status];
  return <Badge variant={variant}>{label}</Badge>;
}
