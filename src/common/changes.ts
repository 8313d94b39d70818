/** The properties of `values` that differ from `current`: what an update really changes. */
export function changedProperties<T extends object>(current: T, values: Partial<T>): (keyof T & string)[] {
  return (Object.keys(values) as (keyof T & string)[]).filter((key) => {
    const before: unknown = current[key];
    const after: unknown = values[key];
    return before instanceof Date || after instanceof Date ? String(before) !== String(after) : before !== after;
  });
}
