import { benchAccounts } from './accounts.bench.ts';

/**
 * Runs every benchmark against the built shop (run `npm run build` first, or `npm run bench`,
 * which does) and prints a table and the same figures as JSON.
 */
const accounts = await benchAccounts();

console.log('\nAccounts (loopback, real server, embedded SQLite)');
console.table({
  'sign-in latency (ms)': {
    p50: accounts.signInMs.p50,
    p95: accounts.signInMs.p95,
    n: accounts.signInMs.samples,
  },
  [`profile change to ${accounts.profileFanOutMs.subscribers} subscribers (ms)`]: {
    p50: accounts.profileFanOutMs.p50,
    p95: accounts.profileFanOutMs.p95,
    n: accounts.profileFanOutMs.changes,
  },
});
console.log(JSON.stringify({ accounts }, null, 2));
