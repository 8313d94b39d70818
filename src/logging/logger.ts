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
  // Webhook signing secrets and OAuth credentials, plain or sealed, and the tokens they buy.
  '*.secret',
  '*.secretSealed',
  '*.secret_sealed',
  '*.previousSecretSealed',
  '*.previous_secret_sealed',
  '*.clientSecretSealed',
  '*.client_secret_sealed',
  '*.access_token',
  // A failed statement's bound values may hold a password hash or personal data.
  'err.parameters',
  'err.driverError.parameters',
  'password',
  'client_secret',
  'key',
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * A GraphQL GET carries its variables, passwords included, in the query string: only the path of
 * such a URL is logged. Other URLs keep their query (list filters are useful when reading logs).
 */
export function loggedUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const [path, query] = url.split('?', 2);
  return query !== undefined && path.replace(/\/+$/, '') === '/graphql' ? `${path}?[redacted]` : url;
}

function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return { method: request.method, url: loggedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'campaign-partner-api' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
