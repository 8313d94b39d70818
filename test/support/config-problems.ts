import { ConfigError, loadConfig } from '../../src/config/config';

/** The problems loadConfig reports for an environment (none when it loads). */
export function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
