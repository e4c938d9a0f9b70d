// The single route table: every HTTP route once. The CDK ApiStack and the local runtime both build from it,
// the OpenAPI document is generated from it, and the authorization and bad-input tests iterate over it.
// It holds declarations only (no handler code), so infra can import it without pulling in the SDK.
import { businessFormSchema, businessSchema } from '../shared/schemas/business';
import { dashboardQuerySchema, dashboardSchema } from '../shared/schemas/dashboard';
import { idSchema } from '../shared/schemas/common';
import { cardSchema, employeeCreateSchema, employeeSchema } from '../shared/schemas/employee';
import { healthSchema } from '../shared/schemas/health';
import { meSchema, pendingAccountTypeSchema } from '../shared/schemas/me';
import { pricingPlanSchema } from '../shared/schemas/plan';
import { salesContactReceiptSchema, salesContactSchema } from '../shared/schemas/sales-contact';
import { walletPassSchema } from '../shared/schemas/wallet';
import { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: a valid Cognito token; admin: a valid token in the `admin` group. */
export type RouteAuth = 'public' | 'user' | 'admin';
/** Per-route API Gateway throttling classes (requests per second, burst) — see infra/api-stack.ts. */
export type ThrottleClass = 'public' | 'standard' | 'strict';
/** One Lambda per area; `handlerEntries` names its source file. */
export type Area = 'public' | 'me' | 'business' | 'cardPage';

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

/** What a route declares; `defineRoutes` keeps every literal and schema type so operations are typed from it. */
export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/businesses/{businessId}`. */
  path: string;
  area: Area;
  auth: RouteAuth;
  throttle: ThrottleClass;
  summary: string;
  /** Path parameters; by default every `{name}` in the path is an id (idSchema). */
  params?: z.ZodObject;
  /** Query parameters (unknown ones are ignored, as browsers and caches add their own). */
  query?: z.ZodObject;
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

/** The names in a path template: `'/a/{x}/b/{y}'` → `'x' | 'y'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** A route as the table holds it: its spec, its operation id and a params schema that is always present. */
export type RouteOf<Id extends string, S extends RouteSpec> = S & {
  operationId: Id;
  params: S['params'] extends z.ZodObject ? S['params'] : z.ZodObject<Record<PathParamNames<S['path']>, typeof idSchema>>;
};

/** Any route of the table, for code that iterates over all of them (infra, local runtime, tests). */
export type RouteDef = RouteSpec & { operationId: string; params: z.ZodObject };

function defineRoutes<const T extends Record<string, RouteSpec>>(specs: T): { [K in keyof T & string]: RouteOf<K, T[K]> } {
  const table: Record<string, RouteDef> = {};
  for (const [operationId, spec] of Object.entries(specs)) {
    const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const params = spec.params ?? z.object(Object.fromEntries(names.map((name) => [name, idSchema]))).strict();
    const declared = Object.keys(params.shape).sort();
    if (declared.join() !== [...names].sort().join()) {
      throw new Error(`${operationId}: params ${declared.join(', ')} do not match the path ${spec.path}`);
    }
    table[operationId] = { ...spec, operationId, params };
  }
  return table as never;
}

export const routeTable = defineRoutes({
  getHealth: { method: 'GET', path: '/api/health', area: 'public', auth: 'public', throttle: 'public', summary: 'Reports each dependency', response: healthSchema },
  getOpenApi: { method: 'GET', path: '/api/openapi.json', area: 'public', auth: 'public', throttle: 'public', summary: 'This API as OpenAPI 3.1', produces: 'application/json' },
  listPlans: { method: 'GET', path: '/api/plans', area: 'public', auth: 'public', throttle: 'public', summary: 'Active pricing plans in display order', response: z.array(pricingPlanSchema) },
  submitSalesContact: { method: 'POST', path: '/api/public/sales-contact', area: 'public', auth: 'public', throttle: 'strict', summary: 'Contact Our Sales Team: stored, then mailed to sales (rate-limited per client)', body: salesContactSchema, response: salesContactReceiptSchema, creates: true },
  getCardVcard: { method: 'GET', path: '/api/public/cards/{cardId}/vcard', area: 'public', auth: 'public', throttle: 'public', summary: 'The card as a vCard 3.0 download', produces: 'text/vcard' },
  getCardPage: { method: 'GET', path: '/card/{cardId}', area: 'cardPage', auth: 'public', throttle: 'public', summary: 'Server-rendered public card page; records a scan', produces: 'text/html' },
  headCardPage: { method: 'HEAD', path: '/card/{cardId}', area: 'cardPage', auth: 'public', throttle: 'public', summary: 'The card page’s status and headers, without a body; not a scan', produces: 'text/html' },

  getMe: { method: 'POST', path: '/api/me', area: 'me', auth: 'user', throttle: 'standard', summary: 'Resolves the caller’s account type and role (spec 1 §4)', body: pendingAccountTypeSchema, response: meSchema },

  createBusiness: { method: 'POST', path: '/api/businesses', area: 'business', auth: 'user', throttle: 'strict', summary: 'Business onboarding: creates the caller’s business', body: businessFormSchema, response: businessSchema, creates: true },
  getDashboard: { method: 'GET', path: '/api/businesses/{businessId}/dashboard', area: 'business', auth: 'user', throttle: 'standard', summary: 'Business, employees with cards, stats (paginated by ?cursor=)', query: dashboardQuerySchema, response: dashboardSchema, scoped: true },
  createEmployee: { method: 'POST', path: '/api/businesses/{businessId}/employees', area: 'business', auth: 'user', throttle: 'standard', summary: 'Adds an employee with an active card and its QR code', body: employeeCreateSchema, response: employeeSchema, scoped: true, creates: true },
  generateCardQr: { method: 'POST', path: '/api/businesses/{businessId}/cards/{cardId}/qr', area: 'business', auth: 'user', throttle: 'standard', summary: 'Generates (or regenerates) a card’s QR code', response: cardSchema, scoped: true },
  createWalletPass: { method: 'POST', path: '/api/cards/{cardId}/wallet-pass', area: 'business', auth: 'user', throttle: 'standard', summary: 'Add to Google Wallet: a signed save link for the card (503 when not configured)', response: walletPassSchema, scoped: true },
});

export type RouteTable = typeof routeTable;
export type OperationId = keyof RouteTable;

/** Every route, in table order. */
export const routes: RouteDef[] = Object.values(routeTable);
