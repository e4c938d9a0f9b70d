// GET /api/plans: the active pricing plans, already ordered plan_type ascending then price descending (spec 1 §3).
import type { PricingPlan } from '@shared/schemas/plan';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, parseResponse } from '@web/lib/api-client';

export const planKeys = {
  all: ['plans'] as const,
  active: () => ['plans', 'active'] as const,
};

export async function getPlans(signal?: AbortSignal): Promise<PricingPlan[]> {
  // The schema (and zod) loads alongside the request, so the landing page paints without waiting for it.
  const [{ pricingPlanListSchema }, json] = await Promise.all([
    import('@shared/schemas/plan'),
    apiRequest<unknown>('/api/plans', { auth: false, signal }),
  ]);
  return parseResponse(pricingPlanListSchema, json, 'GET /api/plans');
}

export function usePlans() {
  const query = useQuery({ queryKey: planKeys.active(), queryFn: ({ signal }) => getPlans(signal), staleTime: 5 * 60_000 });
  // Spec 1 §8: pricing fetch errors are only logged; the section then simply shows no plans.
  useEffect(() => {
    if (query.error) console.error('Could not load the pricing plans', query.error);
  }, [query.error]);
  return query;
}
