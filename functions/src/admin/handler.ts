// The `admin` area Lambda: routes for the Cognito admin group only (the route table marks them auth 'admin').
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { adminRoutes } from '../../routes/admin';
import { assignAgencyPlan, listAdminAgencies } from './agency-directory';
import { inviteAdmin, listAdmins, removeAdmin } from './admin-users';
import { listBusinesses } from './business-directory';
import { checkHealth } from './check-health';
import { deleteBusiness } from './delete-business';
import { platformDashboard } from './platform-dashboard';
import { listAllPlans, updatePlan } from './plans';
import { setBusinessStatus } from './set-business-status';
import { createInvoice, deleteInvoice, listInvoices } from '../invoices/admin-invoices';
import { listBillingRuns, requestMonthlyRun } from '../jobs/billing-run-service';

export const handler = httpHandler(adminRoutes, {
  getHealthDetails: async () => {
    const health = await checkHealth();
    return raw({ status: health.status === 'ok' ? 200 : 503, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(health) });
  },
  getPlatformDashboard: async () => platformDashboard(),
  listAdminBusinesses: async ({ query }) => listBusinesses(query),
  setBusinessStatus: async ({ params, body }) => setBusinessStatus(params.businessId, body.isActive),
  deleteBusiness: async ({ params }) => deleteBusiness(params.businessId),
  listAdminAgencies: async ({ query }) => listAdminAgencies(query),
  setAgencyPlan: async ({ params, body }) => assignAgencyPlan(params.agencyId, body),
  listAdminPlans: async () => listAllPlans(),
  updatePlan: async ({ params, body }) => updatePlan(params.planId, body),
  listAdmins: async () => listAdmins(),
  inviteAdmin: async ({ body }) => inviteAdmin(body),
  listInvoices: async ({ query }) => listInvoices(query),
  createInvoice: async ({ body }) => createInvoice(body),
  generateMonthlyInvoices: async ({ caller }) => requestMonthlyRun(caller.userId),
  listBillingRuns: async () => listBillingRuns(),
  deleteInvoice: async ({ params }) => {
    await deleteInvoice(params.invoiceId);
    return raw({ status: 204, body: '' });
  },
  removeAdmin: async ({ caller, params }) => {
    await removeAdmin(caller, params.userId);
    return raw({ status: 204, body: '' });
  },
});
