import pino, { type Logger } from 'pino';

/**
 * JSON logs to stdout. Authorization headers and keys are redacted wherever they appear in a
 * logged object, so a careless log line cannot leak one. Errors are logged by type, code and
 * message without their stack: a stack names the code's paths and a failing frame's arguments
 * (a log line travels further than the process does); the request id ties a line to its request.
 */
export function createLogger(level: string, name = 'video-digest', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: {
      paths: ['*.authorization', '*.headers.authorization', '*["x-api-key"]', '*.headers["x-api-key"]', 'api_key', '*.api_key', 'key', '*.key'],
      censor: '[redacted]',
    },
    // `error` is the key the Temporal SDK logs failures under.
    serializers: { err: errorWithoutStack, error: (value: unknown) => (value instanceof Error ? errorWithoutStack(value) : value) },
  };
  return destination ? pino(options, destination) : pino(options);
}

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  cause?: LoggedError;
}

/** An error as a log line shows it: its type, code and message, and its causes the same way. */
export function errorWithoutStack(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorWithoutStack(error.cause, depth + 1) } : {}),
  };
}
