/**
 * The test-mode provider's card outcomes, after the industry's well-known test numbers. Declines
 * that the issuer would give when the card is first checked show in the widget at token time, so
 * the shop never receives a token for them; 4000 0000 0000 0341 tokenises but is declined when
 * charged, to exercise the shop's own decline path.
 */

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

export interface TestCardOutcome {
  /** The decline shown in the widget; no token is issued. */
  atToken?: DeclineCode;
  /** The decline returned when the token is charged. */
  atCharge?: DeclineCode;
}

const OUTCOMES: Record<string, TestCardOutcome> = {
  '4000000000000002': { atToken: 'card_declined' },
  '4000000000009995': { atToken: 'insufficient_funds' },
  '4000000000000069': { atToken: 'expired_card' },
  '4000000000000127': { atToken: 'incorrect_cvc' },
  '4000000000000341': { atCharge: 'card_declined' },
};

/**
 * What a (Luhn-valid) card number does: 4242 4242 4242 4242 and every number not listed above
 * succeed.
 */
export function testCardOutcome(digits: string): TestCardOutcome {
  return OUTCOMES[digits] ?? {};
}

/** Shopper-facing English messages; the widget shows its own translation of each code. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
};

export function isDeclineCode(value: string): value is DeclineCode {
  return Object.hasOwn(DECLINE_MESSAGES, value);
}
