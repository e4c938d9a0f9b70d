// GET /api/businesses/{id}/contacts (optionally one employee's) and the delete of one.
import { contactSchema, type Contact } from '@shared/schemas/contact';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from '@shared/zod';
import { apiRequest } from '@web/lib/api-client';

const key = (businessId: string, employeeId: string) => ['business', businessId, 'contacts', employeeId] as const;

export function useBusinessContacts(businessId: string, employeeId: string) {
  return useQuery({
    queryKey: key(businessId, employeeId),
    queryFn: ({ signal }) => apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/contacts`, { query: { employeeId: employeeId || undefined }, schema: z.array(contactSchema), signal }),
  });
}

export function useDeleteBusinessContact(businessId: string) {
  const queryClient = useQueryClient();
  return async (contact: Contact) => {
    await apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/contacts/${encodeURIComponent(contact.id)}`, { method: 'DELETE' });
    await queryClient.invalidateQueries({ queryKey: ['business', businessId, 'contacts'] });
  };
}
