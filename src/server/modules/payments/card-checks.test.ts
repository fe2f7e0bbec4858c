import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as shared from '#shared/payment-cards.ts';

type Checks = Pick<
  typeof shared,
  | 'cardDigits'
  | 'passesLuhn'
  | 'cardBrand'
  | 'checkCardNumber'
  | 'parseExpiry'
  | 'checkExpiry'
  | 'checkCvc'
  | 'checkZip'
>;

/** The frame script's copy of the checks, run as the browser runs it (no page: it exports them). */
function frameChecks(): Checks {
  const source = readFileSync(new URL('./browser/frame.js', import.meta.url), 'utf8');
  const context: { crwnPayFrameChecks?: Checks } = {};
  runInNewContext(source, context);
  if (!context.crwnPayFrameChecks) throw new Error('frame.js did not expose its checks');
  return context.crwnPayFrameChecks;
}

const NOW = new Date(2026, 4, 15); // 15 May 2026

describe.each<[string, Checks]>([
  ['src/shared/payment-cards.ts', shared],
  ['the frame script', frameChecks()],
])('card checks in %s', (_where, checks) => {
  it('accepts Luhn-valid numbers with spaces or dashes and refuses the rest', () => {
    expect(checks.checkCardNumber('4242 4242 4242 4242')).toBeUndefined();
    expect(checks.checkCardNumber('4242-4242-4242-4242')).toBeUndefined();
    expect(checks.checkCardNumber('5555555555554444')).toBeUndefined();
    expect(checks.checkCardNumber('378282246310005')).toBeUndefined();
    expect(checks.checkCardNumber('4242 4242 4242 4241')).toBe('invalid_number');
    expect(checks.checkCardNumber('4242 4242 4242 424x')).toBe('invalid_number');
    expect(checks.checkCardNumber('42424242')).toBe('invalid_number');
    expect(checks.checkCardNumber('3782822463100050')).toBe('invalid_number');
    expect(checks.checkCardNumber('  ')).toBe('required');
  });

  it('knows the brands from the leading digits', () => {
    expect(checks.cardBrand('4242424242424242')).toBe('visa');
    expect(checks.cardBrand('5555555555554444')).toBe('mastercard');
    expect(checks.cardBrand('2223003122003222')).toBe('mastercard');
    expect(checks.cardBrand('378282246310005')).toBe('amex');
    expect(checks.cardBrand('6011111111111117')).toBe('discover');
    expect(checks.cardBrand('9999999999999995')).toBe('unknown');
  });

  it('reads MM / YY expiries and wants them this month or later', () => {
    expect(checks.parseExpiry('05 / 26')).toEqual({ month: 5, year: 2026 });
    expect(checks.parseExpiry('5/2027')).toEqual({ month: 5, year: 2027 });
    expect(checks.parseExpiry('0527')).toEqual({ month: 5, year: 2027 });
    expect(checks.parseExpiry('13 / 27')).toBeUndefined();
    expect(checks.parseExpiry('ab')).toBeUndefined();
    expect(checks.checkExpiry(5, 2026, NOW)).toBeUndefined();
    expect(checks.checkExpiry(4, 2026, NOW)).toBe('expired_expiry');
    expect(checks.checkExpiry(12, 2025, NOW)).toBe('expired_expiry');
    expect(checks.checkExpiry(1, 2060, NOW)).toBe('invalid_expiry');
    expect(checks.checkExpiry(0, 2027, NOW)).toBe('invalid_expiry');
  });

  it('wants three CVC digits, four on American Express', () => {
    expect(checks.checkCvc('123', 'visa')).toBeUndefined();
    expect(checks.checkCvc('1234', 'visa')).toBe('invalid_cvc');
    expect(checks.checkCvc('1234', 'amex')).toBeUndefined();
    expect(checks.checkCvc('123', 'amex')).toBe('invalid_cvc');
    expect(checks.checkCvc('12a', 'visa')).toBe('invalid_cvc');
    expect(checks.checkCvc('', 'visa')).toBe('required');
  });

  it('wants a postal code when one is asked for', () => {
    expect(checks.checkZip('94107')).toBeUndefined();
    expect(checks.checkZip('SW1A 1AA')).toBeUndefined();
    expect(checks.checkZip('')).toBe('required');
    expect(checks.checkZip('1')).toBe('invalid_zip');
    expect(checks.checkZip('<script>')).toBe('invalid_zip');
  });
});

describe('passesLuhn', () => {
  it('is the Luhn checksum', () => {
    expect(shared.passesLuhn('79927398713')).toBe(true);
    expect(shared.passesLuhn('79927398710')).toBe(false);
    expect(shared.passesLuhn('')).toBe(false);
  });
});
