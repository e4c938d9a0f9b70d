// The local Stripe stand-in: answers the Stripe API calls CardCrew makes so the real `stripe` SDK can point
// at it. This first version serves the API's health and refuses unknown calls the way Stripe does; checkout
// sessions and signed webhooks arrive with the invoice payment feature.
import { createServer, type Server } from 'node:http';
import type { LocalSettings } from './settings';

export function startStripeStandIn(s: LocalSettings): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/health') {
      res.end(JSON.stringify({ ok: true }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` } }));
  });
  return new Promise((resolve, reject) => server.listen(s.stripePort, s.host, () => resolve(server)).on('error', reject));
}
