// Company Settings' 'Email Signature' fieldset (issue 22 §3): which fields every signature of the company shows, and
// one disclaimer line under them (at most 300 characters; the shared schema checks it here and on the server).
import { signatureFieldLabels, signatureFieldNames, SIGNATURE_DISCLAIMER_MAX } from '@shared/schemas/email-signature';
import type { BusinessSettingsInput } from '@shared/schemas/business';
import type { UseFormRegister } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';

export function SignatureSettingsFieldset({ register, error }: { register: UseFormRegister<BusinessSettingsInput>; error?: string }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold">Email Signature</legend>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Show in every employee’s e-mail signature (name and company always appear)</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {signatureFieldNames.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" {...register(`signatureFields.${name}`)} />
              {signatureFieldLabels[name]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label="Disclaimer (optional)" error={error} hint={`One line of small print under every signature, at most ${SIGNATURE_DISCLAIMER_MAX} characters.`}>
        <Input autoComplete="off" maxLength={SIGNATURE_DISCLAIMER_MAX + 50} {...register('signatureDisclaimer')} />
      </FormField>
    </fieldset>
  );
}
