// The Add Employee dialog: creates the employee, whose card and QR code the API generates at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { employeeCreateSchema, type EmployeeCreate, type EmployeeCreateInput } from '@shared/schemas/employee';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { NativeSelect } from '@web/components/native-select';
import { RoleField } from './role-field';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useCreateEmployee } from '../api/create-employee';

const fields = [
  'name',
  'email',
  'officePhone',
  'mobilePhone',
  'jobTitle',
  'department',
  'linkedinProfile',
  'role',
  'status',
] as const satisfies readonly FieldPath<EmployeeCreateInput>[];

const emptyForm: EmployeeCreateInput = {
  name: '',
  email: '',
  officePhone: '',
  mobilePhone: '',
  jobTitle: '',
  department: '',
  linkedinProfile: '',
  role: 'employee',
  status: 'draft',
};

export function AddEmployeeDialog({ businessId, open, onOpenChange }: { businessId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const createEmployee = useCreateEmployee(businessId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmployeeCreateInput, unknown, EmployeeCreate>({
    resolver: zodResolver(employeeCreateSchema),
    defaultValues: emptyForm,
  });
  const role = useWatch({ control, name: 'role' }) ?? 'employee';

  const onSubmit = handleSubmit(async (input) => {
    try {
      await createEmployee.mutateAsync(input);
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      const serverMessage = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : null;
      toast.error('Error', { description: serverMessage ?? messages.employee.createCardFailed });
      return;
    }
    toast.success(messages.employee.cardCreated);
    reset(emptyForm);
    onOpenChange(false);
  });

  const busy = isSubmitting || createEmployee.isPending;
  const err = (field: (typeof fields)[number]) => errors[field]?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset(emptyForm);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Employee</DialogTitle>
          <DialogDescription>Create a digital business card with a QR code for a team member.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Full Name" required error={err('name')}>
              <Input autoComplete="off" {...register('name')} />
            </FormField>
            <FormField label="Email" required error={err('email')}>
              <Input type="email" inputMode="email" autoComplete="off" {...register('email')} />
            </FormField>
            <FormField label="Office Phone" error={err('officePhone')}>
              <Input type="tel" inputMode="tel" autoComplete="off" {...register('officePhone')} />
            </FormField>
            <FormField label="Mobile Phone" error={err('mobilePhone')}>
              <Input type="tel" inputMode="tel" autoComplete="off" {...register('mobilePhone')} />
            </FormField>
            <FormField label="Job Title" error={err('jobTitle')}>
              <Input autoComplete="off" {...register('jobTitle')} />
            </FormField>
            <FormField label="Department" error={err('department')}>
              <Input autoComplete="off" {...register('department')} />
            </FormField>
            <FormField label="LinkedIn Profile" error={err('linkedinProfile')} className="sm:col-span-2">
              <Input type="url" inputMode="url" placeholder="https://www.linkedin.com/in/…" autoComplete="off" {...register('linkedinProfile')} />
            </FormField>
            <RoleField registration={register('role')} value={role} initial="employee" error={err('role')} />
            <FormField label="Status" error={err('status')}>
              <NativeSelect {...register('status')}>
                <option value="draft">Draft</option>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </NativeSelect>
            </FormField>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Adding Employee...' : 'Add Employee'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
