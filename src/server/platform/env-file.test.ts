import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'crwn-env-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function envFile(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('.env file', () => {
  it('fills in variables the environment does not set, and leaves those it does', async () => {
    const file = await envFile(
      'precedence.env',
      '# shop\nPORT=8080\nLOG_LEVEL=debug\nexport DATA_DIR="/srv/crwn data"\n',
    );
    const env: NodeJS.ProcessEnv = { PORT: '3001' };

    const applied = loadEnvFile(file, env);

    expect(env).toEqual({ PORT: '3001', LOG_LEVEL: 'debug', DATA_DIR: '/srv/crwn data' });
    expect(applied?.sort()).toEqual(['DATA_DIR', 'LOG_LEVEL']);
  });

  it('keeps a variable set to the empty string in the environment', async () => {
    const file = await envFile('empty.env', 'GOOGLE_CLIENT_ID=from-file\n');
    const env: NodeJS.ProcessEnv = { GOOGLE_CLIENT_ID: '' };
    loadEnvFile(file, env);
    expect(env.GOOGLE_CLIENT_ID).toBe('');
  });

  it('is no error when the file does not exist', () => {
    const env: NodeJS.ProcessEnv = { PORT: '3000' };
    expect(loadEnvFile(path.join(dir, 'missing.env'), env)).toBeUndefined();
    expect(env).toEqual({ PORT: '3000' });
  });

  it('reads a quoted value over several lines', async () => {
    const file = await envFile('multi.env', 'KEY="first\nsecond"\nAFTER=1\n');
    const env: NodeJS.ProcessEnv = {};
    loadEnvFile(file, env);
    expect(env).toEqual({ KEY: 'first\nsecond', AFTER: '1' });
  });

  it.each([
    ['a line that is not an assignment', 'PORT=1\nLOG_LEVEL debug\n', /:2: expected NAME=value/],
    ['an unclosed quote', 'PORT=1\nAUTH_SECRET="abc\n', /:2: the value opened with " is never/],
  ])('names the line of %s, and sets nothing', async (_case, text, message) => {
    const file = await envFile('bad.env', text);
    const env: NodeJS.ProcessEnv = {};
    expect(() => loadEnvFile(file, env)).toThrow(message);
    expect(env).toEqual({});
  });
});
