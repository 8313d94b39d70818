import type { AppConfig } from '../../src/config/config';
import { startTestApp, type TestApp } from '../support/test-app';

/** The suite's test app with a metrics listener on a free loopback port (`metrics: undefined` for none). */
export type MetricsTestApp = TestApp;

export function startMetricsTestApp(overrides: Partial<AppConfig> = {}): Promise<MetricsTestApp> {
  return startTestApp({ metrics: { port: 0, host: '127.0.0.1' }, ...overrides });
}
