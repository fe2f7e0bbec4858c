import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpBehaviour = 'accept' | 'fail' | 'hang';

/**
 * A real SMTP server on a free loopback port, for tests: it keeps every message it accepts,
 * parsed, in `received`. `behave('fail')` answers every message with a temporary failure (451);
 * `behave('hang')` keeps each message unanswered until `behave` is called again.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  let behaviour: SmtpBehaviour = 'accept';
  const waiting: (() => void)[] = [];
  const arrivals: (() => void)[] = [];
  let attempts = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      attempts += 1;
      simpleParser(stream)
        .then(async (mail) => {
          if (behaviour === 'hang') await new Promise<void>((resolve) => waiting.push(resolve));
          if (behaviour === 'fail') {
            // Quoting the recipient, as real servers do: what the shop logs must leave it out.
            const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
            callback(
              Object.assign(new Error(`Mailbox ${to} busy, try later`), { responseCode: 451 }),
            );
            return;
          }
          received.push(mail);
          callback();
          for (const arrived of arrivals.splice(0)) arrived();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages given to the server, accepted or not. */
    attempts: () => attempts,
    behave(next: SmtpBehaviour) {
      behaviour = next;
      for (const release of waiting.splice(0)) release();
    },
    /** Resolves once `count` messages have been accepted. */
    async until(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => arrivals.push(resolve));
      return received;
    },
    close: () => {
      for (const release of waiting.splice(0)) release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
