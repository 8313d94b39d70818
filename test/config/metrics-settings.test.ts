import { loadConfig } from '../../src/config/config';
import { problemsOf } from '../support/config-problems';

/** METRICS_PORT and METRICS_HOST (src/metrics, docs/operations.md): off unless the port is set. */

describe('loadConfig: the metrics listener', () => {
  it('is off when METRICS_PORT is unset or empty', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '  ', METRICS_HOST: '0.0.0.0' }).metrics).toBeUndefined();
  });

  it('listens on this machine only unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '::' }).metrics).toEqual({ port: 0, host: '::' });
  });

  it('refuses a port that is not one, or the partner port, with the other problems', () => {
    expect(problemsOf({ METRICS_PORT: '65536', RATE_LIMIT_MAX: '0' })).toEqual(
      expect.arrayContaining(['METRICS_PORT must be between 0 and 65535', 'RATE_LIMIT_MAX must be between 1 and 1000000']),
    );
    expect(problemsOf({ METRICS_PORT: 'nine' })).toContain('METRICS_PORT must be an integer');
    expect(problemsOf({ METRICS_PORT: '4000' })).toEqual(['METRICS_PORT must differ from PORT']);
    expect(problemsOf({ METRICS_PORT: '8080', PORT: '8080' })).toEqual(['METRICS_PORT must differ from PORT']);
    expect(problemsOf({ METRICS_PORT: '0', PORT: '0' })).toEqual([]);
  });
});
