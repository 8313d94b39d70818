import DataLoader from 'dataloader';

/**
 * The shapes of per-request DataLoaders, for resources to declare theirs with (`*.loaders.ts`,
 * assembled in src/app/loaders.ts): every relation a query touches then costs one statement per
 * level, however many parents asked. Made for each request, so nothing is cached across
 * workspaces or time.
 */

/** Keys are ids: numbers, or strings for bigint ids (events, deliveries). */
export type Key = number | string;

/** One row per id, null where none is live in the workspace. */
export function byId<K extends Key, T extends { id: K }>(load: (ids: readonly K[]) => Promise<T[]>): DataLoader<K, T | null> {
  return new DataLoader(async (ids) => {
    const found = new Map((await load(ids)).map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

/** The rows of each parent id, in the order `load` gives them. */
export function groupedBy<K extends Key, T>(key: (row: T) => K, load: (ids: readonly K[]) => Promise<T[]>): DataLoader<K, T[]> {
  return new DataLoader(async (ids) => {
    const groups = new Map<K, T[]>();
    for (const row of await load(ids)) {
      const group = groups.get(key(row));
      if (group) group.push(row);
      else groups.set(key(row), [row]);
    }
    return ids.map((id) => groups.get(id) ?? []);
  });
}

/** One value per id from a map `load` makes for a batch of ids (`missing` where it has none). */
export function fromMap<K extends Key, V>(load: (ids: readonly K[]) => Promise<ReadonlyMap<K, V>>, missing: V): DataLoader<K, V> {
  return new DataLoader(async (ids) => {
    const found = await load(ids);
    return ids.map((id) => (found.has(id) ? found.get(id)! : missing));
  });
}

/** A `node` source's read through a by-id loader: the records of `keys`, in order (the loader batches them into one statement). */
export function loadEach<K extends Key, T>(loader: DataLoader<K, T | null>, keys: readonly Key[]): Promise<(T | null)[]> {
  return Promise.all(keys.map((key) => loader.load(key as K)));
}

/** One loader per projection (and whatever else `key` says), made on first use within the request. */
export function perKey<A extends unknown[], L>(key: (...args: A) => string, make: (...args: A) => L): (...args: A) => L {
  const made = new Map<string, L>();
  return (...args) => {
    const k = key(...args);
    let loader = made.get(k);
    if (!loader) {
      loader = make(...args);
      made.set(k, loader);
    }
    return loader;
  };
}
