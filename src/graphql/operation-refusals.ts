/**
 * Apollo runs every plugin's `didResolveOperation` at once (Promise.all), so a plugin refusing an
 * operation does not keep the later ones from running: the cost limits would charge a request that
 * never runs, and with a shared store (Redis) the charge can land after the answer has given back
 * what the request did not use. A plugin that refuses an operation marks its request as it throws;
 * the cost limits, later in the plugin list (graphql-route.ts), charge no marked request.
 */
const refused = new WeakSet<object>();

/** Marks `request` (Apollo's GraphQLRequest of the operation) as refused, and throws `error`. */
export function refuseOperation(request: object, error: unknown): never {
  refused.add(request);
  throw error;
}

/** Whether a plugin earlier in the list refused the operation of `request`. */
export function wasRefused(request: object): boolean {
  return refused.has(request);
}
