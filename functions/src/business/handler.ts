// The `business` area Lambda: onboarding, dashboard, employees and cards (QR codes, wallet passes).
import { httpHandler } from '../lib/http';
import { createBusiness } from './create-business';
import { createEmployee } from './create-employee';
import { generateCardQr } from './generate-card-qr';
import { getDashboard } from './get-dashboard';
import { createWalletPass } from '../wallet/create-wallet-pass';

export const handler = httpHandler('business', {
  createBusiness: async ({ caller, body }) => createBusiness(caller, body),
  getDashboard: async ({ caller, params, query }) => getDashboard(caller, params.businessId, query.cursor),
  createEmployee: async ({ caller, params, body }) => createEmployee(caller, params.businessId, body),
  generateCardQr: async ({ caller, params }) => generateCardQr(caller, params.businessId, params.cardId),
  createWalletPass: async ({ caller, params }) => createWalletPass(caller, params.cardId),
});
