// 'Your Profile' (spec 1 §2, employee portal and onboarding): the employee's fields with a status badge, and the
// Edit Profile form (Full Name *, Email *, phones, job title, department, LinkedIn, photo) saved by the employee.
import { zodResolver } from '@hookform/resolvers/zod';
import { onboardingMessages } from '@shared/messages/onboarding';
import {
  employeeProfileSchema,
  type Employee,
  type EmployeeProfile,
  type EmployeeProfileInput,
} from '@shared/schemas/employee';
import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { CardExtrasFieldset, cardExtrasFormOf } from '@web/components/card-extras-fieldset';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { EmployeeProfileFields } from '@web/components/employee-profile-fields';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { Avatar } from '@web/components/avatar';
import { StatusBadge } from '@web/features/business/components/status-badge';
import { useQueryClient } from '@tanstack/react-query';
import { businessUploadsPath, ImageUploadField } from '@web/components/image-upload-field';
import { myEmployeeKey, useUpdateMyEmployee } from '../api/my-employee';
import { useDepartments } from '@web/features/departments/api/departments';

const fields = [
  'name',
  'email',
  'officePhone',
  'mobilePhone',
  'jobTitle',
  'department',
  'linkedinProfile',
] as const satisfies readonly FieldPath<EmployeeProfileInput>[];

function formOf(employee: Employee): EmployeeProfileInput {
  return {
    name: employee.name,
    email: employee.email,
    officePhone: employee.officePhone ?? '',
    mobilePhone: employee.mobilePhone ?? '',
    jobTitle: employee.jobTitle ?? '',
    department: employee.department ?? '',
    linkedinProfile: employee.linkedinProfile ?? '',
  };
}

interface Props {
  employee: Employee;
  /** Heading level of the section title in its page. */
  titleAs?: 'h2' | 'h3';
  /** The photo upload control (rendered inside the edit form). */
  photoField?: ReactNode;
  /** The optional card fields (pronouns, bio, booking link, address, links): the portal, not the onboarding page. */
  withCardExtras?: boolean;
}

export function ProfileSection({ employee, titleAs = 'h2', photoField, withCardExtras = false }: Props) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <CardTitle as={titleAs} className="text-lg">
              Your Profile
            </CardTitle>
            <StatusBadge status={employee.status} />
          </div>
          {!editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit Profile
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {editing ? (
          <ProfileForm
            employee={employee}
            photoField={photoField}
            withCardExtras={withCardExtras}
            onDone={() => setEditing(false)}
          />
        ) : (
          <ProfileDetails employee={employee} />
        )}
      </CardContent>
    </Card>
  );
}

function ProfileDetails({ employee }: { employee: Employee }) {
  const rows: [string, string | null][] = [
    ['Email', employee.email],
    ['Office Phone', employee.officePhone],
    ['Mobile Phone', employee.mobilePhone],
    ['Job Title', employee.jobTitle],
    ['Department', employee.department],
    ['LinkedIn Profile', employee.linkedinProfile],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <Avatar name={employee.name} src={employee.photoUrl} />
        <p className="text-lg font-semibold">{employee.name}</p>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className={label === 'Email' || label === 'LinkedIn Profile' ? 'min-w-0 sm:col-span-2' : 'min-w-0'}
          >
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="break-words">{value || <span className="text-muted-foreground">Not provided</span>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ProfileForm({
  employee,
  photoField,
  withCardExtras,
  onDone,
}: {
  employee: Employee;
  photoField?: ReactNode;
  withCardExtras: boolean;
  onDone: () => void;
}) {
  const update = useUpdateMyEmployee();
  // The employee picks their department from their business's list.
  const departments = useDepartments(employee.businessId);
  const form = useForm<EmployeeProfileInput, unknown, EmployeeProfile>({
    resolver: zodResolver(employeeProfileSchema),
    defaultValues: {
      ...formOf(employee),
      ...(withCardExtras ? { cardExtras: cardExtrasFormOf(employee.cardExtras) } : {}),
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      const serverMessage = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : null;
      toast.error('Error', { description: serverMessage ?? onboardingMessages.updateFailed });
      return;
    }
    toast.success(onboardingMessages.profileUpdated);
    onDone();
  });
  const busy = isSubmitting || update.isPending;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <EmployeeProfileFields departments={departments.data?.departments.map((d) => d.name)} personal />
          {photoField && <div className="sm:col-span-2">{photoField}</div>}
          {withCardExtras && <CardExtrasFieldset />}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={busy} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The employee's own photo upload (spec 1 'Employee Photo'); the confirm call stores it on the profile and card. */
export function MyPhotoField({ employee }: { employee: Employee }) {
  const queryClient = useQueryClient();
  return (
    <ImageUploadField
      uploadsPath={businessUploadsPath(employee.businessId)}
      purpose="photo"
      employeeId={employee.id}
      label="Employee Photo"
      currentUrl={employee.photoUrl}
      onUploaded={() => void queryClient.invalidateQueries({ queryKey: myEmployeeKey })}
    />
  );
}
