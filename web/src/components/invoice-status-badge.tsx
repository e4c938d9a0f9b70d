// An invoice's status as spec 2 §4 shows it: paid default, pending secondary, overdue destructive, cancelled and void
// outline; the label capitalised ('Pending').
import type { InvoiceStatus } from '@shared/schemas/invoice';
import { Badge, type BadgeVariant } from './badge';

const variantOf: Record<InvoiceStatus, BadgeVariant> = { paid: 'default', pending: 'secondary', overdue: 'destructive', cancelled: 'outline', void: 'outline' };

export function invoiceStatusLabel(status: InvoiceStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge variant={variantOf[status]}>{invoiceStatusLabel(status)}</Badge>;
}
