// @peculiar/x509's dependency injection (tsyringe) needs the Reflect metadata API, which no installed package
// provides; these three functions are all it calls. Import this module before @peculiar/x509.
type Target = object;
const store = new WeakMap<Target, Map<unknown, unknown>>();
const reflect = Reflect as typeof Reflect & Record<string, unknown>;

if (typeof reflect.getMetadata !== "function") {
  const own = (key: unknown, target: Target) => store.get(target)?.get(key);
  reflect.defineMetadata = (key: unknown, value: unknown, target: Target) => {
    if (!store.has(target)) store.set(target, new Map());
    store.get(target)!.set(key, value);
  };
  reflect.getOwnMetadata = own;
  reflect.getMetadata = (key: unknown, target: Target): unknown => {
    for (let t: Target | null = target; t; t = Object.getPrototypeOf(t) as Target | null) {
      const value = own(key, t);
      if (value !== undefined) return value;
    }
    return undefined;
  };
}
