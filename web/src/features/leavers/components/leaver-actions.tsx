// The Employee Profile dialog's leaver buttons (issue 23 §2): Deactivate (opens the dialog that says what will happen)
// for an employee who is not inactive, Reactivate for one who is.
import { messages } from '@shared/messages';
import type { Employee } from '@shared/schemas/employee';
import { UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { isApiError } from '@web/lib/api-client';
import { useReactivateEmployee } from '../api/leavers';
import { DeactivateDialog } from './deactivate-dialog';

export function LeaverActions({ businessId, employee }: { businessId: string; employee: Employee }) {
  const [open, setOpen] = useState(false);
  const reactivate = useReactivateEmployee(businessId);
  if (employee.status === 'inactive') {
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={reactivate.isPending}
        onClick={() =>
          reactivate.mutate(employee.id, {
            onSuccess: () => toast.success(messages.leavers.reactivated(employee.name)),
            onError: (error) => toast.error('Error', { description: isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : messages.employee.updateFailed }),
          })
        }
      >
        <UserCheck aria-hidden />
        Reactivate
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <UserX aria-hidden />
        Deactivate
      </Button>
      <DeactivateDialog businessId={businessId} employee={employee} open={open} onOpenChange={setOpen} />
    </>
  );
}
