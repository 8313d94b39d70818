import type { ListDeclaration } from '../../db/lists/list-declaration';

/**
 * What a list's GraphQL types are made with: each type is registered with type-graphql once, by
 * name, so every maker runs once per declaration whoever asks.
 */
export function oncePerList<T>(make: (list: ListDeclaration) => T): (list: ListDeclaration) => T {
  const made = new WeakMap<ListDeclaration, T>();
  return (list) => {
    let types = made.get(list);
    if (types === undefined) {
      types = make(list);
      made.set(list, types);
    }
    return types;
  };
}

/** A class of its own, named so in stack traces too. */
export function namedClass(name: string): new () => object {
  return { [name]: class {} }[name];
}
