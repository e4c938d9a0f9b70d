// The audit log (issue 23 §3): a business's Activity section and its CSV export: the `activity` area's routes
// (functions/routes.ts combines every area's).
import { auditExportQuerySchema, auditPageSchema, auditQuerySchema } from '../../shared/schemas/audit';
import { defineRoutes } from './define';

export const activityRoutes = defineRoutes('activity', {
  listActivity: { method: 'GET', path: '/api/businesses/{businessId}/activity', auth: 'user', throttle: 'standard', summary: "The business's audit log newest first, 50 at a time (?cursor=), filtered by person, action and days (UTC)", query: auditQuerySchema, response: auditPageSchema, scoped: true },
  exportActivity: { method: 'GET', path: '/api/businesses/{businessId}/activity/export', auth: 'user', throttle: 'standard', summary: 'The same entries as CSV (every match, up to 10,000)', query: auditExportQuerySchema, produces: 'text/csv', scoped: true },
});
