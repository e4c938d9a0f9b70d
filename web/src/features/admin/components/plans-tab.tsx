// The plans tab (spec 2 §2 'Pricing Plans Management'): Business Plans and Agency Plans with their counts, each plan
// card per spec, and Edit Plan in place (price with step 0.01, description, user range, Popular, Active).
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney } from '@shared/format';
import { messages } from '@shared/messages';
import { planUpdateSchema, type PlanUpdate, type PlanUpdateInput, type PricingPlan } from '@shared/schemas/plan';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
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
  return (
    <section aria-labelledby="plans-heading" className="grid gap-6">
      <h2 id="plans-heading" className="text-xl font-semibold">
        Pricing Plans Management
      </h2>
      {plans.isPending ? (
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

const planFields = ['price', 'description', 'userRange', 'isPopular', 'isActive'] as const satisfies readonly FieldPath<PlanUpdateInput>[];

function PlanEditor({ plan, onDone }: { plan: PricingPlan; onDone: () => void }) {
  const update = useUpdatePlan();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanUpdateInput, unknown, PlanUpdate>({
    resolver: zodResolver(planUpdateSchema),
    defaultValues: { price: (plan.priceCents / 100).toFixed(2), description: plan.description ?? '', userRange: plan.userRange, isPopular: plan.isPopular, isActive: plan.isActive },
  });
  // The form checked the values; the API takes them as typed (the price in dollars) and converts them itself.
  const onSubmit = handleSubmit(async () => {
    try {
      await update.mutateAsync({ planId: plan.id, update: getValues() });
    } catch (error) {
      // The API's refusal of a field (a price below 0) is said under that field, like the form's own check.
      if (applyFieldErrors(error, setError, planFields)) return;
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
