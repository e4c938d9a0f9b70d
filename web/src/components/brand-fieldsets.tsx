// The parts Company Settings and Agency Settings share (spec 2 §2): the billing address, Brand Colors with a swatch
// preview and the default shown when a colour is empty, and the Logo fieldset with its Upload and URL tabs.
import { DEFAULT_BRAND_COLORS, isHexColor } from '@shared/colour';
import { useState } from 'react';
import {
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { ReactNode } from 'react';
import { CountryField } from '@web/components/country-field';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { cn } from '@web/lib/cn';
import { ImageUploadField } from '@web/components/image-upload-field';

type AddressName = 'billingAddress' | 'billingCity' | 'billingPostalCode' | 'billingCountry';
type AddressForm = FieldValues & Partial<Record<AddressName, string | null>>;

/** Billing Information: address, city, zip code (optional) and the country list; `before` goes first (an e-mail). */
export function BillingAddressFieldset<T extends AddressForm>({
  register,
  errors,
  before,
}: {
  register: UseFormRegister<T>;
  errors: Partial<Record<AddressName, string | undefined>>;
  before?: ReactNode;
}) {
  const field = (name: AddressName) => register(name as FieldPath<T>);
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold">Billing Information</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {before}
        <FormField label="Address" error={errors.billingAddress} className="sm:col-span-2">
          <Input autoComplete="street-address" {...field('billingAddress')} />
        </FormField>
        <FormField label="City" error={errors.billingCity}>
          <Input autoComplete="address-level2" {...field('billingCity')} />
        </FormField>
        <FormField label="Zip Code (optional)" error={errors.billingPostalCode}>
          <Input autoComplete="postal-code" {...field('billingPostalCode')} />
        </FormField>
        <div className="sm:col-span-2">
          <CountryField label="Country" error={errors.billingCountry} registration={field('billingCountry')} />
        </div>
      </div>
    </fieldset>
  );
}

type ColorName = 'primaryColor' | 'secondaryColor' | 'accentColor';
/** A settings form with the three brand colours. */
type BrandForm = FieldValues & Partial<Record<ColorName, string | null>>;

interface ColorsProps<T extends BrandForm> {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: Partial<Record<ColorName, string | undefined>>;
}

export function BrandColorsFieldset<T extends BrandForm>({ control, register, errors }: ColorsProps<T>) {
  const field = (label: string, name: ColorName) => (
    <ColorField
      label={label}
      name={name}
      control={control}
      register={register}
      error={errors[name]}
      fallback={DEFAULT_BRAND_COLORS[name]}
    />
  );
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold">Brand Colors</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {field('Primary Color', 'primaryColor')}
        {field('Secondary Color', 'secondaryColor')}
        {field('Accent Color', 'accentColor')}
      </div>
      <SwatchPreview control={control} />
    </fieldset>
  );
}

function ColorField<T extends BrandForm>({
  label,
  name,
  control,
  register,
  error,
  fallback,
}: {
  label: string;
  name: ColorName;
  control: Control<T>;
  register: UseFormRegister<T>;
  error?: string;
  fallback: string;
}) {
  const value = useWatch({ control, name: name as FieldPath<T> }) as string | null | undefined;
  const shown = isHexColor(value) ? value : fallback;
  return (
    <div className="flex items-start gap-2">
      <span aria-hidden className="mt-6 size-9 shrink-0 rounded-md border" style={{ backgroundColor: shown }} />
      <FormField
        label={label}
        error={error}
        hint={value ? undefined : `Default ${fallback}`}
        className="min-w-0 flex-1"
      >
        <Input placeholder={fallback} autoComplete="off" spellCheck={false} {...register(name as FieldPath<T>)} />
      </FormField>
    </div>
  );
}

/** The three colours as the card header (or the agency's three-stop gradient) and buttons will use them. */
function SwatchPreview<T extends BrandForm>({ control }: { control: Control<T> }) {
  const [primary, secondary, accent] = useWatch({
    control,
    name: ['primaryColor', 'secondaryColor', 'accentColor'] as FieldPath<T>[],
  }) as (string | null | undefined)[];
  const pick = (value: string | null | undefined, fallback: string) => (isHexColor(value) ? value : fallback);
  const p = pick(primary, DEFAULT_BRAND_COLORS.primaryColor);
  const s = pick(secondary, DEFAULT_BRAND_COLORS.secondaryColor);
  const a = pick(accent, DEFAULT_BRAND_COLORS.accentColor);
  return (
    <div aria-hidden className="grid gap-2 rounded-lg border p-3">
      <div className="h-10 rounded-md" style={{ backgroundImage: `linear-gradient(135deg, ${p}, ${s})` }} />
      <div className="flex gap-2">
        {[p, s, a].map((colour, i) => (
          <span key={i} className="h-6 flex-1 rounded" style={{ backgroundColor: colour }} />
        ))}
      </div>
    </div>
  );
}

interface LogoProps {
  legend: string;
  /** The form's `logoUrl` field. */
  urlField: UseFormRegisterReturn;
  error?: string;
  /** The logo shown beside the upload button. */
  currentUrl: string | null;
  uploadsPath: string;
  /** The confirm call already stored the logo; the form keeps in step. */
  onUploaded: (url: string) => void;
  /** Why uploading is not possible yet (shown on the Upload tab instead of the file picker). */
  uploadUnavailable?: string;
}

export function LogoFieldset({
  legend,
  urlField,
  error,
  currentUrl,
  uploadsPath,
  onUploaded,
  uploadUnavailable,
}: LogoProps) {
  // The upload first: it is what people expect; a URL is the second option (issue 27 §3).
  const [tab, setTab] = useState<'upload' | 'url'>('upload');
  // A refused URL (on save) must be seen, so its tab comes forward when the error appears (set while rendering,
  // React's pattern for state that follows a prop).
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    if (error) setTab('url');
  }
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div role="tablist" aria-label="Logo source" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        {(['upload', 'url'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              tab === value ? 'bg-background shadow-sm' : 'text-muted-foreground',
            )}
          >
            {value === 'url' ? 'URL' : 'Upload'}
          </button>
        ))}
      </div>
      {tab === 'url' ? (
        <FormField label="Logo URL" error={error}>
          <Input type="url" inputMode="url" placeholder="https://…/logo.png" {...urlField} />
        </FormField>
      ) : uploadUnavailable ? (
        <p className="text-sm text-muted-foreground">{uploadUnavailable}</p>
      ) : (
        <ImageUploadField
          uploadsPath={uploadsPath}
          purpose="logo"
          label="Logo image"
          currentUrl={currentUrl}
          onUploaded={onUploaded}
        />
      )}
    </fieldset>
  );
}
