/**
 * No getter or method anywhere on the prototype chain below Object.prototype: an object of such a
 * class and a plain object with the same own properties read the same.
 */
export function prototypesAreEmpty(prototype: object | null): boolean {
  for (let level = prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    if (Object.getOwnPropertyNames(level).some((name) => name !== 'constructor')) return false;
  }
  return true;
}
