// The plans tab (spec 2 §2 'Pricing Plans Management'): Business Plans and Agency Plans with their counts, each plan
// card per spec, and Edit Plan in place (price with step 0.01, description, user range, Popular, Active; an agency
// plan's volume discount tiers, issue 20 §2).
import { zodResolver } from '@hookform/resolvers/zod';
import { formatCount, formatMoney, formatPercent } from '@shared/format';
import { messages } from '@shared/messages';
import { MAX_VOLUME_TIERS, planUpdateSchema, type PlanUpdate, type PlanUpdateInput, type PricingPlan } from '@shared/schemas/plan';
import { Check } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useFieldArray, useForm, type Control, type FieldErrors, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { Textarea } from '@web/components/textarea';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useAdminPlans, useUpdatePlan } from '../api/plans';

export function PlansTab() {
  const plans = useAdminPlans();
  // Drawn in a transition: React renders the answer in slices between the browser's other work, not in one long task
  // (issue 25 §1); until then the loading state stays.
  const drawing = useDeferredValue(plans.isPending);
  return (
    <section aria-labelledby="plans-heading" className="grid gap-6">
      <h2 id="plans-heading" className="text-xl font-semibold">
        Pricing Plans Management
      </h2>
      {plans.isPending || drawing ? (
        <Spinner label="Loading plans…" />
      ) : plans.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messages.admin.fetchPlansFailed}
        </p>
      ) : (
        (['business', 'agency'] as const).map((type) => {
          const ofType = plans.data.filter((p) => p.planType === type);
          const title = type === 'business' ? 'Business Plans' : 'Agency Plans';
          return (
            <section key={type} aria-label={title} className="grid gap-3">
              <h3 className="text-lg font-semibold">
                {title} <span className="text-muted-foreground">({ofType.length})</span>
              </h3>
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {ofType.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard plan={plan} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}

function PlanCard({ plan }: { plan: PricingPlan }) {
  const [editing, setEditing] = useState(false);
  const free = plan.planType === 'agency' && plan.priceCents === 0;
  return (
    <Card className="grid h-full gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-base font-semibold">{plan.name}</h4>
        {plan.isPopular && <Badge>Popular</Badge>}
        {!plan.isActive && <Badge variant="outline">Inactive</Badge>}
      </div>
      {editing ? (
        <PlanEditor plan={plan} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p>
            <span className="text-2xl font-bold">{free ? 'Free' : formatMoney(plan.priceCents, plan.currency)}</span>
            {!free && <span className="text-sm text-muted-foreground"> /user/{plan.period}</span>}
          </p>
          {plan.description && <p className="text-sm text-muted-foreground">{plan.description}</p>}
          <p className="text-sm">
            <span className="font-medium">Users:</span> {plan.userRange}
          </p>
          {plan.volumeTiers && (
            <div className="text-sm">
              <p className="font-medium">Volume discounts</p>
              <ul className="grid gap-0.5 text-muted-foreground">
                {plan.volumeTiers.map((tier) => (
                  <li key={tier.fromUsers}>
                    From {formatCount(tier.fromUsers)} users: {formatPercent(tier.discountPercent)} off
                  </li>
                ))}
              </ul>
            </div>
          )}
          {plan.features.length > 0 && (
            <ul className="grid gap-1 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-center gap-2">
                  <Check aria-hidden className="size-4 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-auto">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit Plan ${plan.name} (${plan.planType})`}>
              Edit Plan
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

const planFields = ['price', 'description', 'userRange', 'isPopular', 'isActive', 'volumeTiers'] as const satisfies readonly FieldPath<PlanUpdateInput>[];

/** Every field the API may name in a plan's field errors, the tiers' own included ('volumeTiers.1.fromUsers'). */
function planFieldPaths(tierCount: number): FieldPath<PlanUpdateInput>[] {
  const tiers = Array.from({ length: tierCount }, (_, i) => [`volumeTiers.${i}.fromUsers`, `volumeTiers.${i}.discountPercent`] as const).flat();
  return [...planFields, ...tiers];
}

function PlanEditor({ plan, onDone }: { plan: PricingPlan; onDone: () => void }) {
  const update = useUpdatePlan();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanUpdateInput, unknown, PlanUpdate>({
    resolver: zodResolver(planUpdateSchema),
    defaultValues: {
      price: (plan.priceCents / 100).toFixed(2),
      description: plan.description ?? '',
      userRange: plan.userRange,
      isPopular: plan.isPopular,
      isActive: plan.isActive,
      ...(plan.volumeTiers ? { volumeTiers: plan.volumeTiers.map((tier) => ({ fromUsers: String(tier.fromUsers), discountPercent: String(tier.discountPercent) })) } : {}),
    },
  });
  // The form checked the values; the API takes them as typed (the price in dollars) and converts them itself.
  const onSubmit = handleSubmit(async () => {
    try {
      await update.mutateAsync({ planId: plan.id, update: getValues() });
    } catch (error) {
      // The API's refusal of a field (a price below 0) is said under that field, like the form's own check.
      if (applyFieldErrors(error, setError, planFieldPaths(getValues().volumeTiers?.length ?? 0))) return;
      toast.error(messages.admin.errorTitle, { description: messages.admin.updatePlanFailed });
      return;
    }
    toast.success(messages.admin.planUpdated);
    onDone();
  });
  const busy = isSubmitting || update.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-busy={busy} aria-label={`Edit ${plan.name}`}>
      <FormField label="Price ($)" error={errors.price?.message}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" {...register('price')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={2} {...register('description')} />
      </FormField>
      <FormField label="User Range" error={errors.userRange?.message}>
        <Input {...register('userRange')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" role="switch" className="size-4 accent-primary" {...register('isPopular')} />
        Popular Plan
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" role="switch" className="size-4 accent-primary" {...register('isActive')} />
        Active
      </label>
      {plan.volumeTiers && <VolumeTierFields control={control} register={register} errors={errors} />}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * An agency plan's volume tiers: each starts at a number of billable users and runs to the next one's start, so the
 * starts must rise from 0 (no overlaps, no gaps); the discount is a percentage with at most two decimals.
 */
function VolumeTierFields({ control, register, errors }: { control: Control<PlanUpdateInput, unknown, PlanUpdate>; register: UseFormRegister<PlanUpdateInput>; errors: FieldErrors<PlanUpdateInput> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'volumeTiers' });
  const listError = errors.volumeTiers?.message ?? errors.volumeTiers?.root?.message;
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Volume discounts</legend>
      <p className="text-xs text-muted-foreground">Each tier runs from its number of billable users up to the next tier.</p>
      {fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <FormField label={`Tier ${index + 1} from (users)`} error={errors.volumeTiers?.[index]?.fromUsers?.message}>
            <Input type="number" inputMode="numeric" step="1" min="0" {...register(`volumeTiers.${index}.fromUsers`)} />
          </FormField>
          <FormField label={`Tier ${index + 1} discount (%)`} error={errors.volumeTiers?.[index]?.discountPercent?.message}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" max="100" {...register(`volumeTiers.${index}.discountPercent`)} />
          </FormField>
          <Button type="button" variant="outline" size="sm" className="mt-6" disabled={fields.length === 1} onClick={() => remove(index)} aria-label={`Remove tier ${index + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      {listError && (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={fields.length >= MAX_VOLUME_TIERS} onClick={() => append({ fromUsers: '', discountPercent: '' })}>
          Add tier
        </Button>
      </div>
    </fieldset>
  );
}
