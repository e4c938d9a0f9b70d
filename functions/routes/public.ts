// Liveness, plans, the sales contact and vCards: the `public` area's routes (functions/routes.ts combines every area's).
import { livenessSchema } from '../../shared/schemas/health';
import { pricingPlanSchema } from '../../shared/schemas/plan';
import { salesContactReceiptSchema, salesContactSchema } from '../../shared/schemas/sales-contact';
import * as z from '../../shared/zod';
import { defineRoutes } from './define';

export const publicRoutes = defineRoutes('public', {
  getHealth: { method: 'GET', path: '/api/health', auth: 'public', throttle: 'public', summary: 'Liveness: one read of the table (503 when it fails)', response: livenessSchema },
  listPlans: { method: 'GET', path: '/api/plans', auth: 'public', throttle: 'public', summary: 'Active pricing plans in display order', response: z.array(pricingPlanSchema) },
  submitSalesContact: { method: 'POST', path: '/api/public/sales-contact', auth: 'public', throttle: 'strict', summary: 'Contact Our Sales Team: stored, then mailed to sales (rate-limited per client)', body: salesContactSchema, response: salesContactReceiptSchema, creates: true },
  getCardVcard: { method: 'GET', path: '/api/public/cards/{cardId}/vcard', auth: 'public', throttle: 'public', summary: 'The card as a vCard 3.0 download', produces: 'text/vcard' },
});
