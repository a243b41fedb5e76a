/**
 * One asynchronous result shared by every caller that asks for it, for as
 * long as a cache keeps it.
 *
 * Why not keep the promise itself: Node tags every promise with the async
 * context it was created in (AsyncLocalStorage; in Next.js that is the whole
 * request: its IncomingMessage, ServerResponse and caches). A long-lived
 * cache of promises therefore keeps alive every request that filled it: a
 * read cache of 5,000 entries held 5,000 requests, hundreds of megabytes,
 * and the garbage collector paid for them on every request after. So the
 * promise is shared only while it is pending (concurrent callers still wait
 * on one query); once it settles only the value is kept, and each caller
 * gets a new promise made in its own context.
 */
export interface SharedResult<V> {
  get(): Promise<V>;
}

/** Shares `pending`; `onFailure` runs if it rejects (a cache forgets the entry: errors are not cached). */
export function shareResult<V>(pending: Promise<V>, onFailure?: () => void): SharedResult<V> {
  let state: { settled: false; pending: Promise<V> } | { settled: true; value: V } = { settled: false, pending };
  pending.then(
    (value) => {
      state = { settled: true, value };
    },
    () => onFailure?.(),
  );
  return { get: () => (state.settled ? Promise.resolve(state.value) : state.pending) };
}
