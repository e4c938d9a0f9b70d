// The `activity` area Lambda: a business's audit log for its owner, the agency managing it and admins (issue 23 §3).
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { activityRoutes } from '../../routes/activity';
import { exportActivity, listActivity } from './list-activity';

export const handler = httpHandler(activityRoutes, {
  listActivity: async ({ caller, params, query }) => listActivity(caller, params.businessId, query),
  exportActivity: async ({ caller, params, query }) =>
    raw({
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="activity.csv"', 'cache-control': 'no-store' },
      body: await exportActivity(caller, params.businessId, query),
    }),
});
