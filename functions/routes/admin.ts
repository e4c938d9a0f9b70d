// The admin portal: the `admin` area's routes (functions/routes.ts combines every area's).
import { adminAgencyPageSchema, adminAgencyQuerySchema, adminAgencyRowSchema, agencyPlanInputSchema, adminBusinessPageSchema, adminBusinessQuerySchema, adminBusinessRowSchema, adminDashboardSchema, adminInviteSchema, adminUserSchema, businessDeletedSchema, businessStatusUpdateSchema } from '../../shared/schemas/admin';
import { healthSchema } from '../../shared/schemas/health';
import { billingRunListSchema, billingRunSchema } from '../../shared/schemas/billing-run';
import { invoiceCreateSchema, invoiceCreatedSchema, invoiceListQuerySchema, invoicePageSchema } from '../../shared/schemas/invoice';
import { planUpdateSchema, pricingPlanSchema } from '../../shared/schemas/plan';
import * as z from '../../shared/zod';
import { defineRoutes } from './define';

export const adminRoutes = defineRoutes('admin', {
  getHealthDetails: { method: 'GET', path: '/api/admin/health', auth: 'admin', throttle: 'strict', summary: 'Admins: each dependency (table, media, user pool, mail) with its latency', response: healthSchema },
  getPlatformDashboard: { method: 'GET', path: '/api/admin/dashboard', auth: 'admin', throttle: 'standard', summary: 'Admins: businesses, agencies, billable employees, monthly recurring revenue, outstanding, overdue, paid this month, six months of invoiced vs paid', response: adminDashboardSchema },
  listAdminBusinesses: { method: 'GET', path: '/api/admin/businesses', auth: 'admin', throttle: 'standard', summary: 'Admins: businesses newest first, searched and filtered on the server, 25 per page (at most 1,000 looked at per page)', query: adminBusinessQuerySchema, response: adminBusinessPageSchema },
  setBusinessStatus: { method: 'PUT', path: '/api/admin/businesses/{businessId}/status', auth: 'admin', throttle: 'standard', summary: 'Admins: Active/Inactive; every card of the business follows', body: businessStatusUpdateSchema, response: adminBusinessRowSchema, scoped: true },
  deleteBusiness: { method: 'DELETE', path: '/api/admin/businesses/{businessId}', auth: 'admin', throttle: 'strict', summary: 'Admins: cascade delete (employees, cards, counters, memberships, guards, links, media, unpaid invoices), then its people are signed out', response: businessDeletedSchema, scoped: true },
  listAdminAgencies: { method: 'GET', path: '/api/admin/agencies', auth: 'admin', throttle: 'standard', summary: "Admins: agencies newest first (25 per page), each with the plan that bills it, its clients and this month's revenue, costs and profit", query: adminAgencyQuerySchema, response: adminAgencyPageSchema },
  setAgencyPlan: { method: 'PUT', path: '/api/admin/agencies/{agencyId}/plan', auth: 'admin', throttle: 'standard', summary: "Admins: the agency plan that bills an agency (null: the first active agency plan); its volume tiers apply from the next monthly run", body: agencyPlanInputSchema, response: adminAgencyRowSchema },
  listAdminPlans: { method: 'GET', path: '/api/admin/plans', auth: 'admin', throttle: 'standard', summary: 'Admins: every pricing plan, active or not', response: z.array(pricingPlanSchema) },
  updatePlan: { method: 'PUT', path: '/api/admin/plans/{planId}', auth: 'admin', throttle: 'standard', summary: 'Admins: Edit Plan (price, description, user range, Popular, Active)', body: planUpdateSchema, response: pricingPlanSchema },
  listAdmins: { method: 'GET', path: '/api/admin/users', auth: 'admin', throttle: 'standard', summary: 'Admins: the members of the Cognito admin group with their last sign-in', response: z.array(adminUserSchema) },
  inviteAdmin: { method: 'POST', path: '/api/admin/users', auth: 'admin', throttle: 'strict', summary: 'Admins: Invite Admin (finds or creates the user, adds the admin group, mails the invitation)', body: adminInviteSchema, response: adminUserSchema, creates: true },
  removeAdmin: { method: 'DELETE', path: '/api/admin/users/{userId}', auth: 'admin', throttle: 'strict', summary: 'Admins: Remove Admin Access (not your own); their current sessions end (204)' },
  listInvoices: { method: 'GET', path: '/api/admin/invoices', auth: 'admin', throttle: 'standard', summary: 'Admins: invoices newest first with the business name, filtered by status and searched (25 per page)', query: invoiceListQuerySchema, response: invoicePageSchema },
  createInvoice: { method: 'POST', path: '/api/admin/invoices', auth: 'admin', throttle: 'standard', summary: 'Admins: Create Invoice (numbered from the atomic counter), mailed to the billing e-mail or the owner', body: invoiceCreateSchema, response: invoiceCreatedSchema, creates: true },
  generateMonthlyInvoices: { method: 'POST', path: '/api/admin/invoices/monthly', auth: 'admin', throttle: 'strict', summary: 'Admins: Generate monthly invoices now: starts a billing run for this month (202 with the run; the fan-out bills each payer once per month)', response: billingRunSchema, accepts: true },
  listBillingRuns: { method: 'GET', path: '/api/admin/billing-runs', auth: 'admin', throttle: 'standard', summary: 'Admins: the ten most recent monthly billing runs, newest first, with their progress and failures', response: billingRunListSchema },
  deleteInvoice: { method: 'DELETE', path: '/api/admin/invoices/{invoiceId}', auth: 'admin', throttle: 'standard', summary: 'Admins: deletes an invoice that is not paid (204; 409 for a paid one)', scoped: true },
});
