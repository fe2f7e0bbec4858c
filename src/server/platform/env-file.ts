import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** `NAME=value`, optionally after `export `, as Node's own `--env-file` reads it. */
const ASSIGNMENT = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*\s*=(.*)$/;
const QUOTES = new Set(['"', "'", '`']);

/**
 * Throws an error naming the first line of `text` that is neither blank, a comment, nor an
 * assignment. Node's parser skips such lines silently, so a typo (`PORT 8080`, a stray quote)
 * would otherwise go unnoticed and its setting quietly not apply.
 */
function checkEnvText(text: string, file: string): void {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const value = ASSIGNMENT.exec(line)?.[1]?.trim();
    if (value === undefined) {
      throw new Error(`${file}:${index + 1}: expected NAME=value, found "${line.trim()}"`);
    }
    const quote = value[0];
    if (quote === undefined || !QUOTES.has(quote) || value.indexOf(quote, 1) > 0) continue;
    // A quoted value may run over several lines, up to its closing quote.
    const closing = lines.findIndex((later, at) => at > index && later.includes(quote));
    if (closing === -1) {
      throw new Error(`${file}:${index + 1}: the value opened with ${quote} is never closed`);
    }
    index = closing;
  }
}

/**
 * Copies the variables of `values` into `env` where `env` has none yet: a variable set in the
 * real environment always wins over the file. Returns the names copied.
 */
export function applyEnvValues(values: Record<string, string>, env: NodeJS.ProcessEnv): string[] {
  const applied: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    applied.push(name);
  }
  return applied;
}

/**
 * Reads a `.env` file into `env` (by default `process.env`), for the server and `npm run dev`
 * alike. A missing file is not an error, since the environment may say everything; a malformed
 * one is, naming the line. Variables already in `env` are kept. Returns the names it set, or
 * `undefined` when there is no file.
 *
 * Call it before `loadConfig()`, once, at start-up.
 */
export function loadEnvFile(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  checkEnvText(text, file);
  return applyEnvValues(parseEnv(text) as Record<string, string>, env);
}
