import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  envelopeTo: string[];
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (plain SMTP, no STARTTLS or AUTH,
 * like a local relay). `delayMs` holds every DATA phase open, to make concurrent senders overlap.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;

  constructor(
    readonly port: number,
    private readonly delayMs = 0,
  ) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          simpleParser(raw)
            .then(async (parsed) => {
              await new Promise((resolve) => setTimeout(resolve, this.delayMs));
              this.received.push({ raw: raw.toString('utf8'), parsed, envelopeTo });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
