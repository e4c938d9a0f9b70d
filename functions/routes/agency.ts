// The agency dashboard, Agency Settings and Add Client: the `agency` area's routes (functions/routes.ts combines every area's).
import { addClientSchema, agencyClientSummarySchema, agencyDashboardSchema, agencySchema, agencySettingsSchema } from '../../shared/schemas/agency';
import { agencyScanAnalyticsSchema, scanAnalyticsQuerySchema } from '../../shared/schemas/analytics';
import { uploadRequestSchema, uploadResultSchema, uploadTicketSchema } from '../../shared/schemas/media';
import { defineRoutes } from './define';

export const agencyRoutes = defineRoutes('agency', {
  getAgencyDashboard: { method: 'GET', path: '/api/agency', auth: 'user', throttle: 'standard', summary: 'Agency dashboard: the agency (null before its first save), the five stat cards and every client', response: agencyDashboardSchema },
  updateAgencySettings: { method: 'PUT', path: '/api/agency', auth: 'user', throttle: 'standard', summary: 'Agency Settings: creates the agency on its first save, updates it afterwards', body: agencySettingsSchema, response: agencySchema },
  addAgencyClient: { method: 'POST', path: '/api/agency/clients', auth: 'user', throttle: 'strict', summary: 'Add Client: a new business managed by the agency (the business and the link in one transaction)', body: addClientSchema, response: agencyClientSummarySchema, creates: true },
  getAgencyAnalytics: { method: 'GET', path: '/api/agency/analytics', auth: 'user', throttle: 'standard', summary: 'Agency analytics: scans per day over the last 7, 30 or 90 days across every client, by source, device and client (two Queries per client)', query: scanAnalyticsQuerySchema, response: agencyScanAnalyticsSchema },
  createAgencyUpload: { method: 'POST', path: '/api/agency/uploads', auth: 'user', throttle: 'strict', summary: 'Starts the agency logo upload: a presigned POST for one key, 5 MB at most', body: uploadRequestSchema, response: uploadTicketSchema, creates: true },
  confirmAgencyUpload: { method: 'POST', path: '/api/agency/uploads/{uploadId}/confirm', auth: 'user', throttle: 'strict', summary: 'Checks the uploaded bytes, stores metadata-free renditions and points the agency logo at them', response: uploadResultSchema, scoped: true },
});
