import { execFile } from 'node:child_process';

/** What an owner's command printed, and how it exited. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the shop's commands (a script under scripts/) as its own Node process, as an owner
 * runs it beside the shop: with `env` and from `cwd` (a folder without a .env).
 */
export function runCommand(
  script: string,
  args: readonly string[],
  { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr });
    });
  });
}
