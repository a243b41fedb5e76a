import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/**
 * Runs `work` the way a request runs it (inside an AsyncLocalStorage
 * context that holds a request-like object, as Next.js does), then collects
 * garbage and tells whether that object is still alive: whether whatever
 * `work` left behind (a cache entry, a memo) keeps the request alive.
 */
export async function keepsRequestAlive(work: () => Promise<unknown>): Promise<boolean> {
  const requestContext = new AsyncLocalStorage<{ request: object }>();
  let request: WeakRef<object> | undefined;
  await requestContext.run({ request: { body: "x".repeat(1000) } }, async () => {
    request = new WeakRef(requestContext.getStore()!.request);
    await work();
  });
  // A WeakRef keeps its target for the rest of the job that created it: collect on a later turn.
  await new Promise((resolve) => setTimeout(resolve, 0));
  collectGarbage();
  return request!.deref() !== undefined;
}
