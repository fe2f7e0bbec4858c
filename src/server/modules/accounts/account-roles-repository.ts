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

  /** Sets the account's role; returns the one it had. */
  async grant(db: Db, userId: string, role: GrantedRole, grantedBy: string | null): Promise<Role> {
    const before = await accountRolesRepository.roleOf(db, userId);
    const values = { role, granted_by: grantedBy, granted_at: new Date().toISOString() };
    await db
      .insertInto('account_roles')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    return before;
  },

  /**
   * Makes the account a shopper again unless it is the shop's last owner, in one write
   * transaction, so two owners revoking each other at once cannot both succeed. Returns the
   * role it had, or 'last_owner' when nothing changed for that reason.
   */
  revokeUnlessLastOwner(db: Db, userId: string): Promise<Role | 'last_owner'> {
    return inWriteTransaction(db, ['account-roles'], async (trx) => {
      const role = await accountRolesRepository.roleOf(trx, userId);
      if (role === 'owner' && (await accountRolesRepository.owners(trx)) <= 1) {
        return { commit: false, result: 'last_owner' as const };
      }
      await trx.deleteFrom('account_roles').where('user_id', '=', userId).execute();
      return { commit: true, result: role };
    });
  },

  /** Makes the account a shopper again; returns the role it had. */
  async revoke(db: Db, userId: string): Promise<Role> {
    const before = await accountRolesRepository.roleOf(db, userId);
    await db.deleteFrom('account_roles').where('user_id', '=', userId).execute();
    return before;
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
