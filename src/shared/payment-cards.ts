/**
 * Card checks the payment widget makes as the shopper types, and the provider makes again on the
 * server. The widget's frame script (src/server/payments/browser/frame.ts) bundles this file, so
 * both run the same code.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Why a card field is refused; the widget shows each in the shopper's language. */
export type CardFieldError =
  | 'required'
  | 'invalid_number'
  | 'invalid_expiry'
  | 'expired_expiry'
  | 'invalid_cvc'
  | 'invalid_zip';

/** The digits of a card number as typed: spaces and dashes allowed between digits, nothing else. */
export function cardDigits(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (!/^[\d][\d -]*$/.test(trimmed)) return undefined;
  return trimmed.replace(/[ -]/g, '');
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The network a card number belongs to, from its leading digits. */
export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Card numbers are 12 to 19 digits (ISO/IEC 7812); American Express uses 15. */
export function checkCardNumber(typed: string): CardFieldError | undefined {
  if (typed.trim() === '') return 'required';
  const digits = cardDigits(typed);
  if (!digits || digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) {
    return 'invalid_number';
  }
  if (cardBrand(digits) === 'amex' && digits.length !== 15) return 'invalid_number';
  return undefined;
}

/**
 * Reads an expiry typed as `MM / YY` (or `MM/YY`, `MMYY`, `MM / YYYY`) into a month and a
 * four-digit year; undefined when it is not one.
 */
export function parseExpiry(typed: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function checkExpiry(
  month: number,
  year: number,
  now = new Date(),
): CardFieldError | undefined {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'invalid_expiry';
  if (!Number.isInteger(year) || year < 2000 || year > 2100) return 'invalid_expiry';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'expired_expiry';
  // Cards are not issued for more than twenty years ahead; a year beyond is a typo.
  if (year > now.getFullYear() + 20) return 'invalid_expiry';
  return undefined;
}

/** Three digits, or four on American Express cards. */
export function checkCvc(cvc: string, brand: CardBrand): CardFieldError | undefined {
  if (cvc.trim() === '') return 'required';
  const length = brand === 'amex' ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(cvc.trim()) ? undefined : 'invalid_cvc';
}

/** A postal code of any country: letters, digits, spaces and dashes, 3 to 10 of them. */
export function checkZip(zip: string): CardFieldError | undefined {
  if (zip.trim() === '') return 'required';
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(zip.trim()) ? undefined : 'invalid_zip';
}
