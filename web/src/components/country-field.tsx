// The billing country: a select over the shared country list.
import { countries } from '@shared/countries';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { NativeSelect } from '@web/components/native-select';

export function CountryField({ label, required, error, registration }: { label: string; required?: boolean; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <FormField label={label} required={required} error={error}>
      <NativeSelect autoComplete="country-name" {...registration}>
        <option value="">Select a country</option>
        {countries.map((country) => (
          <option key={country} value={country}>
            {country}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
