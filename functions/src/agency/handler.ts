// The `agency` area Lambda: the agency dashboard, Agency Settings (and its logo upload) and Add Client. Managing a
// client's employees, cards and settings goes through the business routes, which check the agency–client link.
import { httpHandler } from '../http/http-handler';
import { agencyRoutes } from '../../routes/agency';
import { addClient } from './add-client';
import { confirmAgencyLogoUpload, startAgencyLogoUpload } from './agency-logo';
import { getAgencyAnalytics } from './get-agency-analytics';
import { getAgencyDashboard } from './get-agency-dashboard';
import { saveAgencySettings } from './save-agency-settings';

export const handler = httpHandler(agencyRoutes, {
  getAgencyDashboard: async ({ caller }) => getAgencyDashboard(caller),
  updateAgencySettings: async ({ caller, body }) => saveAgencySettings(caller, body),
  addAgencyClient: async ({ caller, body }) => addClient(caller, body),
  getAgencyAnalytics: async ({ caller, query }) => getAgencyAnalytics(caller, query.days),
  createAgencyUpload: async ({ caller, body }) => startAgencyLogoUpload(caller, body),
  confirmAgencyUpload: async ({ caller, params }) => confirmAgencyLogoUpload(caller, params.uploadId),
});
