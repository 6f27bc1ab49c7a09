/**
 * Sending through SMTP_URL with nodemailer, and turning its failures into safe sentences (no
 * host names or server banners go into the outbox) that say whether trying again can help.
 */
import type { SMTPTransportOptions } from 'nodemailer';

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row, so a resent notice is recognisably the same message. */
  messageId: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/**
 * smtp://[user:pass@]host[:port]: plain connection upgraded with STARTTLS when the server offers
 * it (port 587 by default); smtps://: TLS from the start (port 465 by default). User and password
 * are URL-decoded.
 */
export function smtpOptions(smtpUrl: string): SMTPTransportOptions {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const auth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Our own message ids; nodemailer otherwise logs nothing (the sender logs what it needs).
    logger: false,
    debug: false,
  };
}

export function createMailer(smtpUrl: string): Mailer {
  // Loaded with the first mailer: without SMTP_URL (mails recorded, not sent) the process never holds it.
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl));
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close: () => transport.close(),
  };
}

export interface SendFailure {
  /** A sentence safe to store: no host names, credentials or server text. */
  message: string;
  /** The server refused this message for good (5xx to the envelope or content): do not retry. */
  permanent: boolean;
}

export function describeSendFailure(error: unknown): SendFailure {
  const err = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  const status = typeof err.responseCode === 'number' ? err.responseCode : null;
  const answered = status !== null ? ` (SMTP ${status})` : '';
  switch (code) {
    case 'ECONNECTION':
    case 'ECONNREFUSED':
    case 'EDNS':
    case 'ESOCKET':
      return { message: 'could not connect to the SMTP server', permanent: false };
    case 'ETIMEDOUT':
      return { message: 'the SMTP server did not answer in time', permanent: false };
    case 'ETLS':
      return { message: 'TLS with the SMTP server failed', permanent: false };
    case 'EAUTH':
      return { message: `the SMTP server refused the credentials${answered}`, permanent: false };
    case 'EENVELOPE':
      return { message: `the SMTP server refused the sender or recipient${answered}`, permanent: status !== null && status >= 500 };
    case 'EMESSAGE':
      return { message: `the SMTP server refused the message${answered}`, permanent: status !== null && status >= 500 };
    case 'EPROTOCOL':
      return { message: `the SMTP server answered unexpectedly${answered}`, permanent: false };
    default:
      return { message: `sending failed${answered}`, permanent: false };
  }
}
