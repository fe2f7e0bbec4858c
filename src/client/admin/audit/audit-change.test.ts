import { describe, expect, it } from 'vitest';
import { actionText, changedFields, subjectText } from './audit-change.ts';

describe('a back-office change as an owner reads it', () => {
  it('names the action in words and the subject without its code', () => {
    expect(actionText('product.edit')).toBe('Edited a product');
    expect(actionText('something.new')).toBe('something.new');
    expect(subjectText('product:12')).toBe('product 12');
  });

  it('lists only the fields that changed, before and after', () => {
    expect(
      changedFields(
        { name: 'Brown Brim', price: 2500, stock: { S: 0, M: 2 } },
        { name: 'Brown Brim', price: 3900, stock: { S: 0, M: 5 } },
      ),
    ).toEqual(['price: 2500 → 3900', 'stock: {"S":0,"M":2} → {"S":0,"M":5}']);
  });

  it('lists what a new record was made with, and cuts long values', () => {
    expect(changedFields(null, { title: 'Scarves', description: 'x'.repeat(100) })).toEqual([
      'title: "Scarves"',
      `description: "${'x'.repeat(58)}…`,
    ]);
    expect(changedFields(null, 'plain')).toEqual(['"plain"']);
  });
});
