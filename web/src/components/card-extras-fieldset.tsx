// The optional card fields a person fills in (pronouns, short bio, calendar booking link, office address, up to five
// more links), in the owner's Employee Profile dialog and the employee's portal. The form around it is a
// react-hook-form FormProvider whose values hold `cardExtras` (shared/schemas/card-design.ts checks them both sides).
import {
  BIO_MAX,
  MAX_EXTRA_LINKS,
  OFFICE_ADDRESS_MAX,
  PRONOUNS_MAX,
  type CardExtrasInput,
} from '@shared/schemas/card-design';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from './button';
import { FormField } from './form-field';
import { Input } from './input';
import { Textarea } from './textarea';

type WithExtras = { cardExtras?: CardExtrasInput };

/** A stored person's optional fields as the form edits them (empty text for none). */
export function cardExtrasFormOf(extras: {
  pronouns: string | null;
  bio: string | null;
  bookingUrl: string | null;
  officeAddress: string | null;
  links: { label: string; url: string }[];
}): CardExtrasInput {
  return {
    pronouns: extras.pronouns ?? '',
    bio: extras.bio ?? '',
    bookingUrl: extras.bookingUrl ?? '',
    officeAddress: extras.officeAddress ?? '',
    links: extras.links,
  };
}

export function CardExtrasFieldset() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<WithExtras>();
  const links = useFieldArray({ control, name: 'cardExtras.links' as never });
  const err = errors.cardExtras;
  const linkErrors = err?.links as unknown as
    { label?: { message?: string }; url?: { message?: string } }[] | undefined;

  return (
    <fieldset className="grid gap-4 sm:col-span-2">
      <legend className="mb-1 font-semibold">More on the card</legend>
      <p className="text-sm text-muted-foreground">
        The card shows each of these only when the company has switched it on in its card design.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Pronouns" error={err?.pronouns?.message} hint="For example she/her">
          <Input autoComplete="off" maxLength={PRONOUNS_MAX + 10} {...register('cardExtras.pronouns')} />
        </FormField>
        <FormField label="Calendar booking link" error={err?.bookingUrl?.message}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://…"
            autoComplete="off"
            {...register('cardExtras.bookingUrl')}
          />
        </FormField>
        <FormField
          label="Short bio"
          error={err?.bio?.message}
          hint={`At most ${BIO_MAX} characters.`}
          className="sm:col-span-2"
        >
          <Textarea rows={3} maxLength={BIO_MAX + 20} {...register('cardExtras.bio')} />
        </FormField>
        <FormField
          label="Office address"
          error={err?.officeAddress?.message}
          hint="The card links it to a map."
          className="sm:col-span-2"
        >
          <Textarea rows={2} maxLength={OFFICE_ADDRESS_MAX + 20} {...register('cardExtras.officeAddress')} />
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">More links (up to {MAX_EXTRA_LINKS})</legend>
        {links.fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[10rem_1fr_auto]">
            <FormField label={`Link ${index + 1} label`} error={linkErrors?.[index]?.label?.message}>
              <Input autoComplete="off" {...register(`cardExtras.links.${index}.label`)} />
            </FormField>
            <FormField label={`Link ${index + 1} address`} error={linkErrors?.[index]?.url?.message}>
              <Input
                type="url"
                inputMode="url"
                placeholder="https://…"
                autoComplete="off"
                {...register(`cardExtras.links.${index}.url`)}
              />
            </FormField>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Remove link ${index + 1}`}
              onClick={() => links.remove(index)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        {links.fields.length < MAX_EXTRA_LINKS && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => links.append({ label: '', url: '' } as never)}
          >
            <Plus aria-hidden />
            Add a link
          </Button>
        )}
      </fieldset>
    </fieldset>
  );
}
