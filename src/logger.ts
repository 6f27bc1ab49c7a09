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
  if (destination) return pino(options, destination);
  // pino's own default stream, made here so that its failures can be handled.
  const stdout = pino.destination({ dest: process.stdout.fd, sync: false });
  stopLoggingOnceStdoutIsGone(stdout);
  return pino(options, stdout);
}

type StdoutStream = ReturnType<typeof pino.destination>;

/**
 * Once stdout cannot be written, the process goes on without logging. The terminal that ran
 * `npm start` may close (writes then fail with EIO) or a pipe's reader go away (EPIPE). pino
 * handles EPIPE alone: any other error is thrown, which ends the process at once, and pino's
 * flush at exit then retries the unwritable line forever, so a closed terminal left the service
 * hanging, its Postgres and Temporal never stopped.
 */
function stopLoggingOnceStdoutIsGone(stream: StdoutStream): void {
  stream.on('error', () => {
    stream.write = () => true;
    stream.flush = (callback) => callback?.();
    stream.flushSync = () => {};
    stream.end = () => {};
  });
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
