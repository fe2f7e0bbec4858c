import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { openShopDatabase } from '../db/open-shop-database.ts';

/**
 * `npm run owner:add -- EMAIL`: makes the account of EMAIL an owner of the shop, who can then use
 * the back office at /admin and grant staff (docs/back-office.md, ADR 042). The person signs up in
 * the shop first; nobody is an owner by default. Reads the shop's settings (the environment, then
 * `.env` here), so it works on SQLite and on PostgreSQL. Exit codes: 0 made (or already), 1 no
 * such account or a failure, 2 usage.
 */
const [email, ...rest] = process.argv.slice(2);
if (!email || rest.length > 0 || !email.includes('@')) {
  process.stderr.write(
    'usage: npm run owner:add -- EMAIL (the address of an account of the shop)\n',
  );
  process.exit(2);
}

try {
  const { database } = await openShopDatabase();
  try {
    const result = await makeOwner(database.db, email);
    if (result === 'no_account') {
      process.stderr.write(
        `No account uses ${email}. Sign up in the shop with that address first, then run this again.\n`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(
        result === 'made'
          ? `${email} is now an owner of the shop: the back office is at /admin.\n`
          : `${email} was already an owner: nothing changed.\n`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`Making ${email} an owner failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
