import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/config';

/** Header, body and field paths that may carry credentials; written as "[redacted]" wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.client_secret',
  '*.clientSecret',
  '*.key',
  '*.passwordHash',
  '*.password_hash',
  // A failed statement's bound values may hold a password hash or personal data.
  'err.parameters',
  'err.driverError.parameters',
  'password',
  'client_secret',
  'key',
];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'campaign-partner-api' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
