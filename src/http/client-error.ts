/**
 * Requests Node's HTTP server refuses before the app sees them (headers over the limit, a wrong
 * Content-Length, not HTTP at all, too slow to arrive). Node answers those with an empty body;
 * every error must carry the error envelope
 * (docs/api-behaviour.md#requests-refused-before-routing), so the server's `clientError` event
 * writes one to the socket itself: there is no request or response object.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../domain/errors';
import { errorBody } from './middleware/errors';

/** What Node's parser (llhttp) or the server's timers say went wrong, as our error. */
function refusal(code: string | undefined): AppError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new AppError('PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('REQUEST_TIMEOUT', 'The request did not arrive in time');
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return new AppError('MALFORMED_REQUEST', 'The request has an invalid or conflicting Content-Length');
    default:
      return new AppError('MALFORMED_REQUEST', 'The request is not valid HTTP');
  }
}

/** How long a refused client has to read the answer before the connection is dropped. */
const LINGER_MS = 2_000;

/** The socket's in-flight response, when the app had already started on the request. */
type ClientSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/** The `clientError` listener of the API's HTTP server. */
export function answerClientError(error: Error & { code?: string }, socket: ClientSocket): void {
  // A peer that reset the connection reads nothing; and once a response has begun, anything
  // written now would corrupt it.
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const refused = refusal(error.code);
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(refused, requestId));
  const head = [
    `HTTP/1.1 ${refused.httpStatus} ${http.STATUS_CODES[refused.httpStatus]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  // Closing with request bytes still unread sends a reset, which can cost the client the answer
  // (an oversized header block is exactly that): read and drop them, for a moment at most.
  socket.resume();
  const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(linger));
}
