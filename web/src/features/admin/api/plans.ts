// GET /api/admin/plans and PUT /api/admin/plans/{id}: the plans tab.
import { pricingPlanSchema, type PlanUpdateInput } from '@shared/schemas/plan';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from '@shared/zod';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys } from './list-businesses';

/** The tab's query: its hook, and its prefetch at boot (app/page-data.ts). */
export const adminPlansQuery = queryOptions({ queryKey: adminKeys.plans, queryFn: ({ signal }) => apiRequest('/api/admin/plans', { schema: z.array(pricingPlanSchema), signal }) });

export function useAdminPlans() {
  return useQuery(adminPlansQuery);
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, update }: { planId: string; update: PlanUpdateInput }) =>
      apiRequest(`/api/admin/plans/${encodeURIComponent(planId)}`, { method: 'PUT', body: update, schema: pricingPlanSchema }),
    // The pricing page and the billing rates read the same plans.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
