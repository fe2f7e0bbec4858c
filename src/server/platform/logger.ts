import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { BetterAuthOptions } from 'better-auth';
import { prettyFactory } from 'pino-pretty';
import type { Config } from '#server/config.ts';

/** Where log lines go: stdout by default, any `write(line)` in tests. */
export interface LogDestination {
  write(line: string): unknown;
}

export type LogFormat = NonNullable<Config['LOG_FORMAT']>;

/**
 * JSON lines for files, CI and containers, where a machine reads them; pretty lines for a person
 * at a terminal. LOG_FORMAT, when set, wins.
 */
export function chooseLogFormat(configured: Config['LOG_FORMAT'], isTTY: boolean): LogFormat {
  return configured ?? (isTTY ? 'pretty' : 'json');
}

/**
 * A receipt (`?receipt=` on the order confirmation page and on `GET /api/orders/:id`) is the only
 * key to an order placed without an account, so it must never be written to a log. Also matches
 * the receipt inside an encoded URL (`receipt%3D…%26`), e.g. a callback address in a query.
 */
const RECEIPT_VALUE = /(?<![a-z_])(receipt(?:=|%3D))(?:(?!%26)[^&#"'\\\s])+/gi;

/** `text` with every receipt value replaced by `[redacted]`. */
export function redactReceipts(text: string): string {
  return text.replace(RECEIPT_VALUE, '$1[redacted]');
}

/** Fastify's request serializer, with the URL's receipt redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactReceipts(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Writes each line through `redactReceipts` to `out`, pretty-printed if asked. The serializers
 * already redact the fields that hold URLs (`req`, `url`); this catches a URL in free text too:
 * a message (Fastify's "Route GET:/… not found"), an error's message or stack.
 */
function destination(format: LogFormat, out: LogDestination, colorize: boolean): LogDestination {
  if (format === 'json') return { write: (line: string) => out.write(redactReceipts(line)) };
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { write: (line: string) => out.write(pretty(redactReceipts(line))) };
}

/**
 * The server's logger options for `Fastify({ logger })`: level from LOG_LEVEL, format from
 * LOG_FORMAT or the terminal, receipts redacted. `out` replaces stdout (tests).
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  out: LogDestination & { isTTY?: boolean } = process.stdout,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const isTTY = out.isTTY === true;
  return {
    level: config.LOG_LEVEL,
    stream: destination(chooseLogFormat(config.LOG_FORMAT, isTTY), out, isTTY),
    serializers: {
      req: serializeRequest,
      url: (url: unknown) => (typeof url === 'string' ? redactReceipts(url) : url),
    },
  };
}

type AuthLogger = NonNullable<BetterAuthOptions['logger']>;
type AuthLevel = NonNullable<AuthLogger['level']>;

const AUTH_LEVELS: Record<Exclude<Config['LOG_LEVEL'], 'silent'>, AuthLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'error',
};

/**
 * better-auth's `logger` option: its messages go to the server's logger, at the same level and in
 * the same format, tagged `better-auth`, instead of to the console in a format of its own.
 */
export function authLogger(log: FastifyBaseLogger, level: Config['LOG_LEVEL']): AuthLogger {
  const child = log.child({ name: 'better-auth' });
  return {
    disabled: level === 'silent',
    level: level === 'silent' ? 'error' : AUTH_LEVELS[level],
    log(messageLevel, message, ...args: unknown[]) {
      const error = args.find((arg) => arg instanceof Error);
      const details = args.filter((arg) => arg !== error);
      child[messageLevel](
        { ...(error && { err: error }), ...(details.length > 0 && { details }) },
        message,
      );
    },
  };
}
