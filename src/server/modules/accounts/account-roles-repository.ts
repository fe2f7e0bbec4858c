import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';

export type Role = 'shopper' | 'staff' | 'owner';
export type GrantedRole = Exclude<Role, 'shopper'>;

export interface RoleHolder {
  userId: string;
  role: GrantedRole;
  grantedBy: string | null;
  grantedAt: string;
}

/** Back-office roles (migration 014): a row per staff member or owner; no row is a shopper. */
export const accountRolesRepository = {
  async roleOf(db: Db, userId: string): Promise<Role> {
    const row = await db
      .selectFrom('account_roles')
      .select('role')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? 'shopper';
  },

  /**
   * Gives the account `role` ('shopper' takes its role away) unless that would leave the shop
   * with no owner, checked and written in one write transaction, so two owners demoting each
   * other at once leave one (issue 33). Every route that changes a role comes through here: a
   * grant of another role, a revoke, an account deleted. Returns the role it had, or
   * 'last_owner' when nothing changed for that reason.
   */
  setRole(
    db: Db,
    userId: string,
    role: Role,
    grantedBy: string | null,
  ): Promise<Role | 'last_owner'> {
    return inWriteTransaction(db, ['account-roles'], async (trx) => {
      const before = await accountRolesRepository.roleOf(trx, userId);
      if (
        before === 'owner' &&
        role !== 'owner' &&
        (await accountRolesRepository.owners(trx)) <= 1
      ) {
        return { commit: false, result: 'last_owner' as const };
      }
      if (role === 'shopper') {
        await trx.deleteFrom('account_roles').where('user_id', '=', userId).execute();
      } else if (before !== role) {
        const values = { role, granted_by: grantedBy, granted_at: new Date().toISOString() };
        await trx
          .insertInto('account_roles')
          .values({ user_id: userId, ...values })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
          .execute();
      }
      return { commit: true, result: before };
    });
  },

  async holders(db: Db): Promise<RoleHolder[]> {
    const rows = await db.selectFrom('account_roles').selectAll().orderBy('granted_at').execute();
    return rows.map((row) => ({
      userId: row.user_id,
      role: row.role,
      grantedBy: row.granted_by,
      grantedAt: row.granted_at,
    }));
  },

  async owners(db: Db): Promise<number> {
    const row = await db
      .selectFrom('account_roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
