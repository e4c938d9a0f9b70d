// The Add Employee dialog: creates the employee, whose card and QR code the API generates at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { employeeCreateSchema, type EmployeeCreate, type EmployeeCreateInput } from '@shared/schemas/employee';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { EmployeeProfileFields } from '@web/components/employee-profile-fields';
import { NativeSelect } from '@web/components/native-select';
import { RoleField } from './role-field';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useCreateEmployee } from '../api/create-employee';
import { useDepartments } from '@web/features/departments/api/departments';

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
  const departments = useDepartments(businessId, open);
  const departmentNames = departments.data?.departments.map((d) => d.name);
  const form = useForm<EmployeeCreateInput, unknown, EmployeeCreate>({
    resolver: zodResolver(employeeCreateSchema),
    defaultValues: emptyForm,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
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
        <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <EmployeeProfileFields departments={departmentNames} />
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
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
