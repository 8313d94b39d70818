/**
 * Where the test run's Chromium is: the global setup unpacks the one `@sparticuz/chromium` ships
 * (an npm package, so `npm install` brings it like every other dependency) and names it here for
 * every worker.
 */
export const CHROMIUM_PATH_ENV = 'CPA_TEST_CHROMIUM_PATH';

export function chromiumPath(): string {
  const found = process.env[CHROMIUM_PATH_ENV];
  if (!found) throw new Error(`${CHROMIUM_PATH_ENV} is not set: run the tests through jest (npm test), whose global setup unpacks Chromium`);
  return found;
}
