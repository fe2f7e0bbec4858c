import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

it('a run that loads the tests’ PostgreSQL still ends with the exit code it set', () => {
  const fixture = path.join(import.meta.dirname, 'exit-code-fixture.ts');
  const run = spawnSync(process.execPath, [fixture], { encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(3);
});
