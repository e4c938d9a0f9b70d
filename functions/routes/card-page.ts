// The server-rendered public card page (its Lambda renders a template and does not use the HTTP stack): the `cardPage` area's routes (functions/routes.ts combines every area's).
import { defineRoutes } from './define';

export const cardPageRoutes = defineRoutes('cardPage', {
  getCardPage: { method: 'GET', path: '/card/{cardId}', auth: 'public', throttle: 'public', summary: 'Server-rendered public card page; records a scan', produces: 'text/html' },
  headCardPage: { method: 'HEAD', path: '/card/{cardId}', auth: 'public', throttle: 'public', summary: 'The card page’s status and headers, without a body; not a scan', produces: 'text/html' },
});
