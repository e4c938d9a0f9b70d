// The 'Delete Employee' confirmation (spec 2): only offered for inactive employees who are not owners.
import { messages } from '@shared/messages';
import type { Employee } from '@shared/schemas/employee';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { isApiError } from '@web/lib/api-client';
import { useDeleteEmployee } from '../api/employee-mutations';

interface Props {
  businessId: string;
  /** The employee to delete; null closes the dialog. */
  employee: Employee | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteEmployeeDialog({ businessId, employee, onOpenChange }: Props) {
  const remove = useDeleteEmployee(businessId);
  return (
    <Dialog open={employee !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <DialogContent role="alertdialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{messages.employee.deleteTitle}</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete {employee?.name}? Their business card, QR code and scan history are deleted with them. This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (!employee) return;
              remove.mutate(employee.id, {
                onSuccess: () => {
                  toast.success(messages.employee.deleted(employee.name));
                  onOpenChange(false);
                },
                onError: (error) =>
                  toast.error('Error', { description: isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : messages.employee.deleteUnexpected }),
              });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete Employee'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
