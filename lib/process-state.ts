// What the server keeps in memory for the whole process (or isolate): caches, limiters, the local bucket.
//
// A module's top-level `new Map()` is not enough for that. Next bundles a page's server code and a route
// handler's into different layers, and each layer evaluates a module once: the Zones page had its own empty
// scan cache beside the one the Zones route filled, so its first rows never came with the page, and the
// Settings page counted its own rate limiter's calls instead of the routes' (vercel/next.js#65350, #76025).
// State kept here is found under one global name by every copy of the module that asks for it.

const store = globalThis as { [key: symbol]: unknown };

/** The process's one `name`, made by `create` on first use. */
export function processState<T>(name: string, create: () => T): T {
  const key = Symbol.for(`preflight.${name}`);
  if (!(key in store)) store[key] = create();
  return store[key] as T;
}

/** For tests that load modules afresh (a new configuration): they start from no state, as a new process does. */
export function forgetProcessState(): void {
  for (const key of Object.getOwnPropertySymbols(store)) if (key.description?.startsWith("preflight.")) delete store[key];
}
