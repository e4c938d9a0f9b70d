// POST /api/businesses: business onboarding creates the caller's business.
import { businessSchema, type Business, type BusinessForm } from '@shared/schemas/business';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function createBusiness(input: BusinessForm): Promise<Business> {
  return apiRequest('/api/businesses', { method: 'POST', body: input, schema: businessSchema });
}

export function useCreateBusiness() {
  return useMutation({ mutationFn: createBusiness });
}
