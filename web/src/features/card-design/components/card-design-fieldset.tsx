// Company Settings' 'Card Design': the layout of every public card of the company (Classic, Compact, Banner with its
// cover image), the optional fields it shows, and a live preview with a real employee — the card page's own HTML for
// the design in the form, rendered by the server (docs/decisions.md 'Card designs'), in a sandboxed frame.
import {
  cardDesignSchema,
  cardLayoutDescriptions,
  cardLayoutLabels,
  cardLayouts,
  cardOptionalFieldLabels,
  cardOptionalFields,
} from '@shared/schemas/card-design';
import type { BusinessSettingsInput } from '@shared/schemas/business';
import type { Employee } from '@shared/schemas/employee';
import { useId, useState } from 'react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { ImageUploadField } from '@web/components/image-upload-field';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { useCardDesignPreview } from '../api/preview-card-design';

interface Props {
  businessId: string;
  control: Control<BusinessSettingsInput>;
  register: UseFormRegister<BusinessSettingsInput>;
  /** The employees the preview may show (the dashboard's, as loaded). */
  employees: readonly Employee[];
  uploadsPath: string;
  onCoverUploaded: (url: string) => void;
}

/** The first employee whose card is live, else the first one: the preview's default person. */
function defaultEmployeeOf(employees: readonly Employee[]): string | null {
  return (employees.find((e) => e.card?.isActive) ?? employees[0])?.id ?? null;
}

export function CardDesignFieldset({ businessId, control, register, employees, uploadsPath, onCoverUploaded }: Props) {
  const design = useWatch({ control, name: 'cardDesign' });
  const parsed = cardDesignSchema.safeParse(design);
  const [employeeId, setEmployeeId] = useState(() => defaultEmployeeOf(employees));
  const preview = useCardDesignPreview(businessId, employeeId, parsed.success ? parsed.data : null);
  const personId = useId();
  const layout = design?.layout ?? 'classic';

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold">Card Design</legend>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Layout of every public card</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {cardLayouts.map((value) => (
            <label
              key={value}
              className="flex items-start gap-2 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted"
            >
              <input
                type="radio"
                value={value}
                className="mt-0.5 size-4 accent-primary"
                {...register('cardDesign.layout')}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{cardLayoutLabels[value]}</span>
                <span className="text-muted-foreground">{cardLayoutDescriptions[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {layout === 'banner' && (
        <ImageUploadField
          uploadsPath={uploadsPath}
          purpose="cover"
          label="Cover image (shown 3:1 across the top)"
          currentUrl={design?.coverUrl || null}
          onUploaded={onCoverUploaded}
        />
      )}

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Optional fields people may fill in and cards show</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {cardOptionalFields.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" {...register(`cardDesign.fields.${name}`)} />
              {cardOptionalFieldLabels[name]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Preview</h3>
        {employees.length === 0 ? (
          <p className="text-sm text-muted-foreground">Add an employee to preview the design with their card.</p>
        ) : (
          <>
            <div className="grid gap-1 sm:max-w-xs">
              <Label htmlFor={personId}>Show the card of</Label>
              <NativeSelect
                id={personId}
                value={employeeId ?? ''}
                onChange={(event) => setEmployeeId(event.target.value)}
              >
                {employees.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {preview.isError && (
              <p className="text-sm text-destructive">
                The preview could not be loaded. Your choices are still saved with the form.
              </p>
            )}
            <iframe
              title="Card preview"
              // No script, no form, no navigation: the page is shown, nothing in it runs.
              sandbox=""
              srcDoc={preview.data ?? ''}
              aria-busy={preview.isFetching}
              className="h-[40rem] w-full max-w-[390px] justify-self-center rounded-lg border bg-slate-100"
            />
          </>
        )}
      </div>
    </fieldset>
  );
}
