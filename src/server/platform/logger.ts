import { createRequire } from 'node:module';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { BetterAuthOptions } from 'better-auth';
import pino from 'pino';
import type PinoPretty from 'pino-pretty';
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
  // Loaded only for a person at a terminal: a server writing JSON never needs it.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { write: (line: string) => out.write(pretty(redactReceipts(line))) };
}

/** Bytes of log lines gathered before one write to stdout, and how long they may wait. */
const LOG_BUFFER = { minLength: 4096, periodicFlush: 200 };

let bufferedStdout: LogDestination | undefined;

/**
 * Stdout for log lines: a person's terminal gets each line at once; a file, pipe or collector
 * gets them in writes of a few kilobytes at least every 200 ms, not one synchronous write per
 * request (a quarter of the cost of a cached page's answer, issue 13). What is gathered is
 * written on exit, also after an uncaught error; a SIGKILL loses up to 200 ms of lines.
 */
function stdoutDestination(): LogDestination & { isTTY?: boolean } {
  if (process.stdout.isTTY) return process.stdout;
  bufferedStdout ??= pino.destination({ dest: 1, sync: false, ...LOG_BUFFER });
  return bufferedStdout;
}

/**
 * The server's logger options for `Fastify({ logger })`: level from LOG_LEVEL, format from
 * LOG_FORMAT or the terminal, receipts redacted. `out` replaces stdout (tests).
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  out: LogDestination & { isTTY?: boolean } = stdoutDestination(),
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const isTTY = out.isTTY === true;
  return {
    level: config.LOG_LEVEL,
    // No pid and hostname on every line: one process per container or unit, whose log the
    // platform labels already (ADR 026).
    base: undefined,
    stream: destination(chooseLogFormat(config.LOG_FORMAT, isTTY), out, isTTY),
    serializers: {
      req: serializeRequest,
      url: (url: unknown) => (typeof url === 'string' ? redactReceipts(url) : url),
    },
  };
}

/**
 * Fastify's request logging cut to one short line per request, when it is answered: method, URL
 * (receipts redacted by the serializer), status and milliseconds. Fastify's default is two lines
 * (incoming and completed) with the whole request, some 400 bytes (ADR 026). Errors are logged in
 * full where they are handled (error-handler.ts), and a response stream that fails is logged
 * with its error as before.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line);
  }

  // The request's own line says 404 already.
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}

/** The server's `logController` for `Fastify({ logController })`: one line per request. */
export function requestLogController(): LogController {
  return new OneLineRequestLog();
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
