// The Role field of Add Employee and the Employee Profile dialog (issue 41): Employee, Admin, Billing contact or Owner,
// with what the chosen role may do under it. Only whoever may hand over ownership (the owner, the managing agency, a
// platform admin; not an Admin) is offered Owner, or may change an owner's role; the API refuses it anyway.
import { businessRoleMessages } from '@shared/messages/business-roles';
import { employeeRoles, type EmployeeRole } from '@shared/schemas/employee';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { NativeSelect } from '@web/components/native-select';
import { useSession } from '@web/features/auth/session-provider';

/** An Admin of the business cannot give or take the Owner role. */
export function useMayGiveOwnership(): boolean {
  return useSession().me?.businessRole !== 'admin';
}

export function RoleField({ registration, value, initial, error }: { registration: UseFormRegisterReturn; value: EmployeeRole; initial: EmployeeRole; error?: string }) {
  const mayGiveOwnership = useMayGiveOwnership();
  // An owner's role stays Owner for an Admin (the only choice offered); nobody else becomes Owner through an Admin.
  const offered = mayGiveOwnership ? employeeRoles : initial === 'owner' ? (['owner'] as const) : employeeRoles.filter((role) => role !== 'owner');
  return (
    <FormField label="Role" error={error} hint={businessRoleMessages.descriptions[value]}>
      <NativeSelect {...registration}>
        {offered.map((role) => (
          <option key={role} value={role}>
            {businessRoleMessages.labels[role]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** The badge text of a role beside a name: every role but a plain employee's. */
export function roleBadgeOf(role: EmployeeRole): string | null {
  return role === 'employee' ? null : businessRoleMessages.labels[role];
}
