import { AsyncLocalStorage } from "node:async_hooks";

// What one page request would read several times — the signed-in user, the clients, areas and diseases they may open
// — is read once: the layout's loader and the page's each ask, and Remix hands each loader its own copy of the
// Request. The memo lives as long as the HTTP request (server/app.js runs Remix's handler in `requestScope`), and only
// for GET and HEAD: a request that may write reads again after its writes. Nothing outlives the request, so a revoked
// session or a changed permission counts from the next request on (docs/decisions/021).
const scope = new AsyncLocalStorage<Map<string, unknown>>();

/** Runs `run` (Remix's handling of `request`) with a memo of its own when the request only reads. */
export function requestScope<T>(request: Request, run: () => T): T {
  return request.method === "GET" || request.method === "HEAD" ? scope.run(new Map(), run) : run();
}

/** `make()`'s value, made once in a request scope under `key`; outside one (a write, a test calling a loader), anew. */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const memo = scope.getStore();
  if (!memo) return make();
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}
