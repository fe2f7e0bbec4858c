import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface CpuBurner {
  /** Threads spinning, one per core. */
  threads: number;
  stop(): Promise<void>;
}

/**
 * Each thread spins until it is stopped, or at the latest after `limitMs` (a bench that hangs
 * must not leave the machine busy), checking the clock only now and then so that nearly all of
 * its time is work.
 */
const SPIN = `
const { workerData } = require('node:worker_threads');
const end = Date.now() + workerData.limitMs;
let x = 0;
while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) % 1000003;
`;

/**
 * A busy machine, as a phone running other apps is: one spinning thread per core of this machine
 * (worker threads of this process, so they end with it whatever happens). The operating system
 * shares the cores between them and the browser being measured, which gets about half of each.
 * Always `stop()` it, in a `finally`.
 */
export function startCpuBurner(limitMs = 20 * 60_000): CpuBurner {
  const workers = Array.from(
    { length: availableParallelism() },
    () => new Worker(SPIN, { eval: true, workerData: { limitMs } }),
  );
  // A spinning worker that has already ended by itself is no error; anything else is.
  for (const worker of workers) worker.on('error', (error) => console.error('cpu burner:', error));
  return {
    threads: workers.length,
    async stop() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
