// The billing country control. TODO switch to a select over `countries` from @shared/countries once it lands.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';

export function CountryField({ label, required, error, registration }: { label: string; required?: boolean; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <FormField label={label} required={required} error={error}>
      <Input autoComplete="country-name" {...registration} />
    </FormField>
  );
}
