// Run by keep-exit-code.test.ts: a process that loads the tests' PostgreSQL and ends failed.
import './postgres-server.ts';

process.exitCode = 3;
