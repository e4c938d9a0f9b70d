// GET /api/me/contacts and the delete of one (the business route, as the employee it was shared with).
import { contactSchema, type Contact } from '@shared/schemas/contact';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from '@shared/zod';
import { apiRequest } from '@web/lib/api-client';

const key = ['me', 'contacts'] as const;

export function useMyContacts() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest('/api/me/contacts', { schema: z.array(contactSchema), signal }) });
}

export function useDeleteMyContact() {
  const queryClient = useQueryClient();
  return async (contact: Contact) => {
    await apiRequest(`/api/businesses/${encodeURIComponent(contact.businessId)}/contacts/${encodeURIComponent(contact.id)}`, { method: 'DELETE' });
    await queryClient.invalidateQueries({ queryKey: key });
  };
}
