/**
 * A real SMTP server for the notice tests (the smtp-server package), on a loopback port: it
 * receives what the service sends, parses it with mailparser, and can be stopped and started on
 * the same port (SMTP down, SMTP back), require credentials, or refuse recipients.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  /** The authenticated user, when the server asked for credentials. */
  user: string | null;
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpSinkOptions {
  credentials?: { user: string; pass: string };
  port?: number;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** SMTP connections accepted (delivered or not). */
  connections: number;
  /** When set, RCPT TO is answered with this code (e.g. 550: refused for good, 450: try later). */
  rejectRecipientsWith: number | null;
  /** smtp://[user:pass@]127.0.0.1:port */
  url(credentials?: { user: string; pass: string }): string;
  /** Waits for mail matching `match`; returns every match once there are `count`. */
  waitForMail(match: (mail: ReceivedMail) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening: connections are refused until start(). */
  stop(): Promise<void>;
  /** Listens again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  let server: SMTPServer | null = null;
  let port = options.port ?? 0;

  const create = () =>
    new SMTPServer({
      secure: false,
      // Plain SMTP on loopback; AUTH only when the test asks for credentials.
      disabledCommands: options.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.credentials,
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 200,
      onConnect(_session, callback) {
        sink.connections++;
        callback();
      },
      onAuth(auth, _session, callback) {
        const expected = options.credentials;
        if (expected && auth.username === expected.user && auth.password === expected.pass) {
          callback(null, { user: auth.username });
          return;
        }
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(_address, _session, callback) {
        if (sink.rejectRecipientsWith !== null) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: sink.rejectRecipientsWith }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              sink.received.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((r) => r.address),
                },
                user: typeof session.user === 'string' ? session.user : null,
                parsed,
                raw,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const listen = async () => {
    const next = create();
    next.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.server.off('error', reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };

  const stop = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();

  const sink: SmtpSink = {
    get port() {
      return port;
    },
    received: [],
    connections: 0,
    rejectRecipientsWith: null,
    url(credentials) {
      const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
      return `smtp://${auth}127.0.0.1:${port}`;
    },
    async waitForMail(match, count = 1, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sink.received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} matching mail(s), got ${found.length}; subjects: ${JSON.stringify(sink.received.map((m) => m.parsed.subject))}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop,
    start: listen,
    close: stop,
  };
  return sink;
}
