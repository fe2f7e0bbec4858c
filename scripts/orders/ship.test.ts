import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run orders:ship` refuses what it is given before it opens any database: exit code 2, the
 * problem and the usage. (What it does to orders: src/server/modules/orders/orders-shipments.test.ts.)
 */
const SHIP = path.join(import.meta.dirname, 'ship.ts');
const ORDER = 'ord_abcdefghijklmnopqrstuvwx';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'crwn-ship-args-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

function ship(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // A shop on SQLite in workDir/data, where a database opened by mistake would appear.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(workDir, 'data') };
  delete env.DATABASE_URL;
  delete env.DATABASE_FILE;
  return new Promise((resolve) => {
    execFile(process.execPath, [SHIP, ...args], { cwd: workDir, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr });
    });
  });
}

describe('npm run orders:ship, given the wrong arguments', () => {
  // A process started each time: slow on a busy machine, hence the longer timeout.
  it.each([
    [[], 'Give one order number'],
    [[ORDER, ORDER, '--carrier', 'DHL', '--tracking', 'AB1'], 'Give one order number'],
    [[ORDER, '--tracking', 'AB1'], '--carrier is missing'],
    [[ORDER, '--carrier', 'DHL'], '--tracking is missing'],
    [[ORDER, '--carrier', '--tracking', 'AB1'], "Option '--carrier' argument is ambiguous"],
    [[ORDER, '--carrier', 'DHL', '--tracking', 'AB1', '--force'], "Unknown option '--force'"],
    [['ord_123', '--carrier', 'DHL', '--tracking', 'AB1'], 'ord_123 is not an order number'],
    [[ORDER, '--carrier', 'x'.repeat(61), '--tracking', 'AB1'], 'The carrier is 1 to 60'],
    [[ORDER, '--carrier', 'DHL', '--tracking', 'AB#1'], 'The tracking number is 1 to 60 letters'],
  ])(
    '%j: says what is wrong, with the usage, and exits 2',
    async (args, problem) => {
      const run = await ship(...args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(problem);
      expect(run.stderr).toContain('usage: npm run orders:ship -- ORDER_ID --carrier');
      expect(await readdir(workDir)).toEqual([]);
    },
    30_000,
  );
});
