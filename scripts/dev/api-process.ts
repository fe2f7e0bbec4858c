import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const RUNNER = path.join(import.meta.dirname, 'api-runner.ts');
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** After SIGTERM, how long the server has to close before it is killed. */
const STOP_TIMEOUT_MS = 3000;

export interface ApiProcessOptions {
  /** The internal port it listens on, on 127.0.0.1. */
  port: number;
  /** The environment of the server (PORT and HOST are set here). */
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** True once something accepts connections on 127.0.0.1:port; false if `child` exits first. */
async function listening(port: number, child: ChildProcess): Promise<boolean> {
  while (!exited(child)) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return true;
    await sleep(20);
  }
  return false;
}

/** Resolves when the child process has exited, killing it if SIGTERM does not end it soon. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const gone = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await gone;
  clearTimeout(timer);
}

/**
 * The Fastify server (src/server/server.ts) as a child process that restarts quickly: a spare
 * process with the packages already loaded (api-runner.ts) waits to take over from the running
 * one. `whenUp()` is what requests wait on: it settles once the latest start listens (true) or
 * has failed (false), so a request made during a restart reaches the new server.
 */
export function apiProcess({ port, env, log }: ApiProcessOptions) {
  const childEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  let running: ChildProcess | undefined;
  let spare: ReturnType<typeof newSpare> | undefined;
  let up: Promise<boolean> = Promise.resolve(false);
  let closed = false;

  function newSpare() {
    const child = fork(RUNNER, [], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const warm = new Promise<boolean>((resolve) => {
      child.once('message', (message) => resolve(message === 'warm'));
      child.once('exit', () => resolve(false));
    });
    return { child, warm };
  }

  /** Hands over to the spare process (once it is warm), and readies the next spare. */
  async function start(): Promise<boolean> {
    const next = spare ?? newSpare();
    spare = undefined;
    const waiting = performance.now();
    if (!(await next.warm)) {
      log('The API server process could not load its packages; see the errors above');
      return false;
    }
    const waited = Math.round(performance.now() - waiting);
    if (waited > 100) log(`(waited ${waited} ms for the server's packages to load)`);
    const child = next.child;
    running = child;
    child.once('exit', (code, signal) => {
      if (running !== child) return;
      running = undefined;
      up = Promise.resolve(false);
      log(
        `API server stopped (${signal ?? `exit code ${code}`}); ` +
          'it starts again when a file under src/server or src/shared changes',
      );
    });
    child.send('start');
    const listens = await listening(port, child);
    if (!closed) spare = newSpare();
    return listens;
  }

  async function stopRunning(): Promise<void> {
    const child = running;
    running = undefined;
    if (child) await stopChild(child);
  }

  let restarting: Promise<void> | undefined;
  let again = false;

  return {
    port,
    whenUp: () => up,

    start(): Promise<boolean> {
      up = start();
      return up;
    },

    /** Replaces the running server; changes made meanwhile cause one more restart. */
    restart(reason: string): Promise<void> {
      if (restarting) {
        again = true;
        return restarting;
      }
      restarting = (async () => {
        do {
          again = false;
          const begun = performance.now();
          let stopped = begun;
          const ready = stopRunning().then(() => {
            stopped = performance.now();
            return start();
          });
          up = ready;
          if (await ready) {
            const ms = (from: number, to = performance.now()) => Math.round(to - from);
            log(
              `API server restarted in ${ms(begun)} ms ` +
                `(stop ${ms(begun, stopped)} ms, start ${ms(stopped)} ms) for ${reason}`,
            );
          }
        } while (again && !closed);
      })().finally(() => {
        restarting = undefined;
      });
      return restarting;
    },

    /** Stops the server and the spare process. */
    async close(): Promise<void> {
      closed = true;
      const spareChild = spare?.child;
      spare = undefined;
      await Promise.all([stopRunning(), spareChild && stopChild(spareChild)]);
    },

    /** Last resort at exit, when nothing can be awaited: ask both processes to shut down. */
    signalClose() {
      running?.kill('SIGTERM');
      spare?.child.kill('SIGTERM');
    },
  };
}

export type ApiProcess = ReturnType<typeof apiProcess>;
