import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  /** The message as it came: headers and body. */
  raw: string;
  /** Its Message-ID header. */
  messageId: string | undefined;
}

export interface SmtpServer {
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback. `accepting` keeps what it receives; `refusing` greets
 * every connection with a temporary failure (421), as a mail server that is up but not
 * taking mail does.
 */
export async function startSmtpServer(
  port: number,
  mode: 'accepting' | 'refusing' = 'accepting',
): Promise<SmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (mode === 'accepting') {
        callback();
        return;
      }
      const refusal = Object.assign(new Error('Servicio no disponible, vuelva más tarde'), {
        responseCode: 421,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          messageId: /^Message-ID:\s*(.+)$/im.exec(headers)?.[1]?.trim(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  return {
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
