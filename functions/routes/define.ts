// How a route is declared: the types every area's route table (functions/routes/<area>.ts) and the HTTP stack share,
// and defineRoutes. Apart from the id schema it imports nothing, so a Lambda's bundle holds its own area's routes and
// schemas only (functions/routes.ts combines them for infra, the local runtime, the OpenAPI document and the tests).
import { idSchema } from '../../shared/schemas/common';
import * as z from '../../shared/zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: a valid Cognito token; admin: a valid token in the `admin` group. */
export type RouteAuth = 'public' | 'user' | 'admin';
/** Per-route API Gateway throttling classes (requests per second, burst) — see infra/api-stack.ts. */
export type ThrottleClass = 'public' | 'standard' | 'strict';
/** One Lambda per area; `areas` names its source file and what it may reach. */
export type Area = 'public' | 'docs' | 'me' | 'business' | 'cardPage' | 'admin' | 'invitations' | 'agency' | 'payments' | 'contacts' | 'billing' | 'agencyBilling' | 'invoiceDocuments' | 'emailSignature' | 'appleWallet' | 'activity' | 'customDomains' | 'sendingDomains' | 'stripeConnect' | 'directory' | 'leavers' | 'sso' | 'webhooks';

/** What a route declares; `defineRoutes` keeps every literal and schema type so operations are typed from it. */
export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/businesses/{businessId}`. */
  path: string;
  auth: RouteAuth;
  throttle: ThrottleClass;
  summary: string;
  /** Path parameters; by default every `{name}` in the path is an id (idSchema). */
  params?: z.ZodMiniObject;
  /** Query parameters (unknown ones are ignored, as browsers and caches add their own). */
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** JSON response schema; absent for non-JSON responses (HTML, vCard, 204). */
  response?: z.ZodMiniType;
  /** Content type of a non-JSON response. */
  produces?: string;
  /** 201 Created instead of 200 on success. */
  creates?: boolean;
  /** 202 Accepted instead of 200: the work goes on after the response (a billing run). */
  accepts?: boolean;
  /** The route names a business/employee/card/invoice the caller must be allowed to touch. */
  scoped?: boolean;
}

/** The names in a path template: `'/a/{x}/b/{y}'` → `'x' | 'y'`. */
/** `{name+}` is a greedy parameter (API Gateway's proxy): its value is the rest of the path. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? (Name extends `${infer Greedy}+` ? Greedy : Name) | PathParamNames<Rest> : never;

/** A route as the table holds it: its spec, its operation id and a params schema that is always present. */
export type RouteOf<A extends Area, Id extends string, S extends RouteSpec> = S & {
  area: A;
  operationId: Id;
  params: S['params'] extends z.ZodMiniObject ? S['params'] : z.ZodMiniObject<Record<PathParamNames<S['path']>, typeof idSchema>>;
};

/** Any route of the table, for code that iterates over all of them (infra, local runtime, tests). */
export type RouteDef = RouteSpec & { area: Area; operationId: string; params: z.ZodMiniObject };

/** One area's routes, keyed by operation id; each gets the area, its id and a params schema. */
export function defineRoutes<A extends Area, const T extends Record<string, RouteSpec>>(area: A, specs: T): { [K in keyof T & string]: RouteOf<A, K, T[K]> } {
  const table: Record<string, RouteDef> = {};
  for (const [operationId, spec] of Object.entries(specs)) {
    const names = [...spec.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);
    const params = spec.params ?? z.strictObject(Object.fromEntries(names.map((name) => [name, idSchema])));
    const declared = Object.keys(params.shape).sort();
    if (declared.join() !== [...names].sort().join()) {
      throw new Error(`${operationId}: params ${declared.join(', ')} do not match the path ${spec.path}`);
    }
    table[operationId] = { ...spec, area, operationId, params };
  }
  return table as never;
}
