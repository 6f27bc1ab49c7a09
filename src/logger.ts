import pino, { type Logger } from 'pino';

/**
 * JSON logs to stdout. Authorization headers and keys are redacted wherever they appear in a
 * logged object, so a careless log line cannot leak one.
 */
export function createLogger(level: string, name = 'video-digest'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['*.authorization', '*.headers.authorization', '*["x-api-key"]', '*.headers["x-api-key"]', 'api_key', '*.api_key', 'key', '*.key'],
      censor: '[redacted]',
    },
  });
}
