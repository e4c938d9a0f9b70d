// The `admin` area Lambda: routes for the Cognito admin group only (the route table marks them auth 'admin').
import { httpHandler, raw } from '../lib/http';
import { checkHealth } from './check-health';

export const handler = httpHandler('admin', {
  getHealthDetails: async () => {
    const health = await checkHealth();
    return raw({ status: health.status === 'ok' ? 200 : 503, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(health) });
  },
});
