// The profile fields every employee form shares (Add Employee, the Employee Profile dialog's Edit mode, the portal's
// Edit Profile): Full Name, Email, Office and Mobile Phone, Job Title, Department and LinkedIn Profile, in the spec's
// order. The form around them (FormProvider) owns the values, validation and saving; the department is picked from the
// business's list.
import { departmentMessages } from '@shared/messages/departments';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';
import { NativeSelect } from './native-select';

/** The values these fields edit: every employee form has them. */
export interface EmployeeProfileFieldValues {
  name: string;
  email: string;
  officePhone?: string | null;
  mobilePhone?: string | null;
  jobTitle?: string | null;
  department?: string | null;
  linkedinProfile?: string | null;
}

type ProfileField = keyof EmployeeProfileFieldValues;

interface Props {
  /** The business's department names; undefined while they load. */
  departments: readonly string[] | undefined;
  /** The employee's own form fills in from the browser's saved details; a manager's forms do not. */
  personal?: boolean;
}

export function EmployeeProfileFields({ departments, personal = false }: Props) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<EmployeeProfileFieldValues>();
  const err = (field: ProfileField) => errors[field]?.message;
  const auto = (value: string) => (personal ? value : 'off');
  return (
    <>
      <FormField label="Full Name" required error={err('name')}>
        <Input autoComplete={auto('name')} {...register('name')} />
      </FormField>
      <FormField label="Email" required error={err('email')}>
        <Input type="email" inputMode="email" autoComplete={auto('email')} {...register('email')} />
      </FormField>
      <FormField label="Office Phone" error={err('officePhone')}>
        <Input type="tel" inputMode="tel" autoComplete={auto('tel')} {...register('officePhone')} />
      </FormField>
      <FormField label="Mobile Phone" error={err('mobilePhone')}>
        <Input type="tel" inputMode="tel" autoComplete={auto('tel')} {...register('mobilePhone')} />
      </FormField>
      <FormField label="Job Title" error={err('jobTitle')}>
        <Input autoComplete={auto('organization-title')} {...register('jobTitle')} />
      </FormField>
      <DepartmentField departments={departments} current={useWatch({ control, name: 'department' })} error={err('department')} />
      <FormField label="LinkedIn Profile" error={err('linkedinProfile')} className="sm:col-span-2">
        <Input type="url" inputMode="url" placeholder="https://www.linkedin.com/in/…" autoComplete={auto('url')} {...register('linkedinProfile')} />
      </FormField>
    </>
  );
}

/**
 * The department, picked from the business's list ('No department' first). A department the list lacks (a spelling
 * from before departments were records, or the list still loading) stays as an option, so opening a form never changes it.
 */
function DepartmentField({ departments, current, error }: { departments: readonly string[] | undefined; current: string | null | undefined; error?: string }) {
  const { register } = useFormContext<EmployeeProfileFieldValues>();
  const names = departments ?? [];
  // Exact spelling: the select shows only a value one of its options has.
  const kept = current && !names.includes(current) ? [current] : [];
  return (
    <FormField label="Department" error={error}>
      <NativeSelect {...register('department')}>
        <option value="">{departmentMessages.noDepartment}</option>
        {[...kept, ...names].map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
