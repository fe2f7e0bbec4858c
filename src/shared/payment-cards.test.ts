import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkZip,
  parseExpiry,
  passesLuhn,
} from './payment-cards.ts';

const NOW = new Date(2026, 4, 15); // 15 May 2026

describe('card checks', () => {
  it('accepts Luhn-valid numbers with spaces or dashes and refuses the rest', () => {
    expect(checkCardNumber('4242 4242 4242 4242')).toBeUndefined();
    expect(checkCardNumber('4242-4242-4242-4242')).toBeUndefined();
    expect(checkCardNumber('5555555555554444')).toBeUndefined();
    expect(checkCardNumber('378282246310005')).toBeUndefined();
    expect(checkCardNumber('4242 4242 4242 4241')).toBe('invalid_number');
    expect(checkCardNumber('4242 4242 4242 424x')).toBe('invalid_number');
    expect(checkCardNumber('42424242')).toBe('invalid_number');
    expect(checkCardNumber('3782822463100050')).toBe('invalid_number');
    expect(checkCardNumber('  ')).toBe('required');
  });

  it('knows the brands from the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('reads MM / YY expiries and wants them this month or later', () => {
    expect(parseExpiry('05 / 26')).toEqual({ month: 5, year: 2026 });
    expect(parseExpiry('5/2027')).toEqual({ month: 5, year: 2027 });
    expect(parseExpiry('0527')).toEqual({ month: 5, year: 2027 });
    expect(parseExpiry('13 / 27')).toBeUndefined();
    expect(parseExpiry('ab')).toBeUndefined();
    expect(checkExpiry(5, 2026, NOW)).toBeUndefined();
    expect(checkExpiry(4, 2026, NOW)).toBe('expired_expiry');
    expect(checkExpiry(12, 2025, NOW)).toBe('expired_expiry');
    expect(checkExpiry(1, 2060, NOW)).toBe('invalid_expiry');
    expect(checkExpiry(0, 2027, NOW)).toBe('invalid_expiry');
  });

  it('wants three CVC digits, four on American Express', () => {
    expect(checkCvc('123', 'visa')).toBeUndefined();
    expect(checkCvc('1234', 'visa')).toBe('invalid_cvc');
    expect(checkCvc('1234', 'amex')).toBeUndefined();
    expect(checkCvc('123', 'amex')).toBe('invalid_cvc');
    expect(checkCvc('12a', 'visa')).toBe('invalid_cvc');
    expect(checkCvc('', 'visa')).toBe('required');
  });

  it('wants a postal code when one is asked for', () => {
    expect(checkZip('94107')).toBeUndefined();
    expect(checkZip('SW1A 1AA')).toBeUndefined();
    expect(checkZip('')).toBe('required');
    expect(checkZip('1')).toBe('invalid_zip');
    expect(checkZip('<script>')).toBe('invalid_zip');
  });
});

describe('passesLuhn', () => {
  it('is the Luhn checksum', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
