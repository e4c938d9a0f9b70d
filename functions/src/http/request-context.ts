// What every write of a request may need to know about the request without each service passing it along: its id,
// the viewer's address and who is asking. The HTTP stack (http.ts) sets it around each operation; the audit log
// (functions/src/audit) reads it. Outside a request (jobs, stream workers) there is none.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller } from '../identity/caller';

/** Who made a change when it is not a signed-in caller: a directory-sync token, say (issue 23 §1). */
export interface NamedActor {
  type: 'scim';
  id: string;
  label: string;
}

export interface RequestContext {
  requestId: string;
  viewerIp: string | null;
  caller: Caller | null;
  actor?: NamedActor;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with `context` as the current request's. */
export function withRequestContext<T>(context: RequestContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}

/** The current request's context, or undefined outside a request. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
