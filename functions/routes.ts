// The single route table: every HTTP route once. The CDK ApiStack and the local runtime both build from it,
// the OpenAPI document is generated from it, and the authorization and bad-input tests iterate over it.
// It holds declarations only (no handler code), so infra can import it without pulling in the SDK.
import { businessFormSchema, businessSchema } from '../shared/schemas/business';
import { dashboardSchema } from '../shared/schemas/dashboard';
import { cardSchema, employeeCreateSchema, employeeSchema } from '../shared/schemas/employee';
import { healthSchema } from '../shared/schemas/health';
import { meSchema, pendingAccountTypeSchema } from '../shared/schemas/me';
import { pricingPlanSchema } from '../shared/schemas/plan';
import { salesContactReceiptSchema, salesContactSchema } from '../shared/schemas/sales-contact';
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: a valid Cognito token; admin: a valid token in the `admin` group. */
export type RouteAuth = 'public' | 'user' | 'admin';
/** Per-route API Gateway throttling classes (requests per second, burst) — see infra/api-stack.ts. */
export type ThrottleClass = 'public' | 'standard' | 'strict';
/** One Lambda per area; `handlerEntries` names its source file. */
export type Area = 'public' | 'me' | 'business' | 'cardPage';

export interface RouteDef {
  operationId: string;
  method: HttpMethod;
  /** API Gateway path syntax: `/api/businesses/{businessId}`. */
  path: string;
  area: Area;
  auth: RouteAuth;
  throttle: ThrottleClass;
  summary: string;
  body?: z.ZodType;
  /** JSON response schema; absent for non-JSON responses (HTML, vCard, 204). */
  response?: z.ZodType;
  /** Content type of a non-JSON response. */
  produces?: string;
  /** 201 Created instead of 200 on success. */
  creates?: boolean;
  /** The route names a business/employee/card/invoice the caller must be allowed to touch. */
  scoped?: boolean;
}

export const handlerEntries: Record<Area, string> = {
  public: 'functions/src/public/handler.ts',
  me: 'functions/src/me/handler.ts',
  business: 'functions/src/business/handler.ts',
  cardPage: 'functions/src/card-page/handler.ts',
};

/** The scheduled job is not an HTTP route; infra wires it to EventBridge Scheduler. */
export const jobEntries = {
  monthlyInvoices: 'functions/src/jobs/monthly-invoices-handler.ts',
} as const;

export const routes: RouteDef[] = [
  { operationId: 'getHealth', method: 'GET', path: '/api/health', area: 'public', auth: 'public', throttle: 'public', summary: 'Reports each dependency', response: healthSchema },
  { operationId: 'getOpenApi', method: 'GET', path: '/api/openapi.json', area: 'public', auth: 'public', throttle: 'public', summary: 'This API as OpenAPI 3.1', produces: 'application/json' },
  { operationId: 'listPlans', method: 'GET', path: '/api/plans', area: 'public', auth: 'public', throttle: 'public', summary: 'Active pricing plans in display order', response: z.array(pricingPlanSchema) },
  { operationId: 'submitSalesContact', method: 'POST', path: '/api/public/sales-contact', area: 'public', auth: 'public', throttle: 'strict', summary: 'Contact Our Sales Team: stored, then mailed to sales (rate-limited per client)', body: salesContactSchema, response: salesContactReceiptSchema, creates: true },
  { operationId: 'getCardVcard', method: 'GET', path: '/api/public/cards/{cardId}/vcard', area: 'public', auth: 'public', throttle: 'public', summary: 'The card as a vCard 3.0 download', produces: 'text/vcard' },
  { operationId: 'getCardPage', method: 'GET', path: '/card/{cardId}', area: 'cardPage', auth: 'public', throttle: 'public', summary: 'Server-rendered public card page; records a scan', produces: 'text/html' },

  { operationId: 'getMe', method: 'POST', path: '/api/me', area: 'me', auth: 'user', throttle: 'standard', summary: 'Resolves the caller’s account type and role (spec 1 §4)', body: pendingAccountTypeSchema, response: meSchema },

  { operationId: 'createBusiness', method: 'POST', path: '/api/businesses', area: 'business', auth: 'user', throttle: 'strict', summary: 'Business onboarding: creates the caller’s business', body: businessFormSchema, response: businessSchema, creates: true },
  { operationId: 'getDashboard', method: 'GET', path: '/api/businesses/{businessId}/dashboard', area: 'business', auth: 'user', throttle: 'standard', summary: 'Business, employees with cards, stats (paginated by ?cursor=)', response: dashboardSchema, scoped: true },
  { operationId: 'createEmployee', method: 'POST', path: '/api/businesses/{businessId}/employees', area: 'business', auth: 'user', throttle: 'standard', summary: 'Adds an employee with an active card and its QR code', body: employeeCreateSchema, response: employeeSchema, scoped: true, creates: true },
  { operationId: 'generateCardQr', method: 'POST', path: '/api/businesses/{businessId}/cards/{cardId}/qr', area: 'business', auth: 'user', throttle: 'standard', summary: 'Generates (or regenerates) a card’s QR code', response: cardSchema, scoped: true },
];
