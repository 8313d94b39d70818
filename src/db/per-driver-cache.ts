import type { Driver } from 'typeorm';

/**
 * Values worked out once per key, kept per driver (so a closed DataSource is not kept alive) and
 * bounded: keys come from the code, but some carry what clients choose (a selection, a page
 * number), so a full cache is cleared rather than grown.
 */
export class PerDriverCache<V> {
  private readonly byDriver = new WeakMap<Driver, Map<string, V>>();

  constructor(private readonly max: number) {}

  get(driver: Driver, key: string): V | undefined {
    return this.byDriver.get(driver)?.get(key);
  }

  set(driver: Driver, key: string, value: V): void {
    let values = this.byDriver.get(driver);
    if (!values) {
      values = new Map();
      this.byDriver.set(driver, values);
    }
    if (values.size >= this.max) values.clear();
    values.set(key, value);
  }
}
