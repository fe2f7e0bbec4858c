/**
 * Whether the build in build/ was made from the sources as they are now, so `npm start` builds
 * only when it must. The build records a fingerprint of its inputs (one hash per file) in
 * build/build-stamp.json; `npm start` compares it with the inputs now.
 *
 *   node scripts/build/build-stamp.ts begin   first step of `npm run build`: fingerprint the inputs
 *   node scripts/build/build-stamp.ts write   last step: record that fingerprint in the build
 *
 * The fingerprint is taken before the build reads anything, and kept outside build/ (which the
 * build empties) until the build has succeeded: a file saved during the build makes the next
 * check fail rather than pass, and a failed build leaves no stamp.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Everything the build reads. Add to it when the build starts reading something new: a file
 * missing here is a change `npm start` does not notice.
 */
export const BUILD_INPUTS = {
  folders: [
    'src/client',
    'src/shared',
    'src/server/modules/payments/browser',
    'public',
    'scripts/images',
    'scripts/build',
  ],
  files: [
    'package.json',
    'package-lock.json',
    // The card form's script reads the ids its page uses (ADR 056).
    'src/server/modules/payments/frame-data.ts',
    'vite.config.ts',
    'vite.admin.config.ts',
    'react-router.config.ts',
    'tsconfig.json',
    'tsconfig.base.json',
  ],
  /** Tests are not built; public/images is drawn by the build from scripts/images. */
  ignore: /(?:\.test\.tsx?$|^src\/client\/test\/|^public\/images\/)/,
  /** Vite puts VITE_* variables, from the environment and these files, into the client. */
  viteEnvFiles: ['.env', '.env.local', '.env.production', '.env.production.local'],
};

export const STAMP_FILE = path.join(repoRoot, 'build/build-stamp.json');
/** Any one page the build writes: without it there is no build to serve. */
const BUILT_PAGE = path.join(repoRoot, 'build/client/index.html');

export type Fingerprint = Record<string, string>;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url');

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The VITE_* variables the client build would see, as one sorted text. */
async function viteVariables(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const variables: Record<string, string> = {};
  for (const file of BUILD_INPUTS.viteEnvFiles) {
    const text = await readIfExists(path.join(root, file));
    if (text) Object.assign(variables, parseEnv(text));
  }
  for (const [name, value] of Object.entries(env)) if (value !== undefined) variables[name] = value;
  return Object.entries(variables)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
}

/** A hash of each input file (paths relative to `root`, with `/`), and of the VITE_* variables. */
export async function fingerprint(
  root = repoRoot,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Fingerprint> {
  const files: string[] = [...BUILD_INPUTS.files];
  for (const folder of BUILD_INPUTS.folders) {
    const entries = await readdir(path.join(root, folder), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      files.push(
        path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      );
    }
  }
  const result: Fingerprint = {};
  for (const file of files.filter((name) => !BUILD_INPUTS.ignore.test(name)).sort()) {
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    if (content) result[file] = sha256(content);
  }
  result['VITE_* variables'] = sha256(await viteVariables(root, env));
  return result;
}

/** The inputs that differ between two fingerprints: changed, added or removed. */
export function changedInputs(before: Fingerprint, now: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return [...names].filter((name) => before[name] !== now[name]).sort();
}

/** Why the build must be made again, or undefined when the one in build/ is up to date. */
export async function staleReason(): Promise<string | undefined> {
  if (!existsSync(BUILT_PAGE)) return 'there is no build yet';
  const stamp = await readIfExists(STAMP_FILE);
  if (!stamp) return 'the build has no stamp (build/build-stamp.json)';
  const changed = changedInputs(JSON.parse(stamp) as Fingerprint, await fingerprint());
  if (changed.length === 0) return undefined;
  const named = changed.slice(0, 3).join(', ');
  return `changed since the last build: ${named}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;
}

/** Where `begin` leaves the fingerprint for `write`, outside build/ (the build empties it). */
const pendingFile = path.join(tmpdir(), `crwn-build-stamp-${sha256(repoRoot).slice(0, 12)}.json`);

if (import.meta.main) {
  const command = process.argv[2];
  if (command === 'begin') {
    await writeFile(pendingFile, JSON.stringify(await fingerprint()));
  } else if (command === 'write') {
    if (existsSync(pendingFile)) {
      await mkdir(path.dirname(STAMP_FILE), { recursive: true });
      await rename(pendingFile, STAMP_FILE).catch(async () => {
        // Across file systems: copy, then remove.
        await writeFile(STAMP_FILE, await readFile(pendingFile));
        await rm(pendingFile, { force: true });
      });
    }
  } else {
    console.error('Usage: node scripts/build/build-stamp.ts begin|write');
    process.exitCode = 2;
  }
}
