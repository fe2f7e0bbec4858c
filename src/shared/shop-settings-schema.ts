import { z } from './zod.ts';

export const SHOP_NAME_MAX = 60;
export const CONTACT_TEXT_MAX = 2000;
export const ADDRESS_LINES_MAX = 6;

/** One line of text: no line breaks, tabs or other control characters. */
const oneLine = (what: string, max: number) =>
  z
    .string(`${what} is text.`)
    .trim()
    .max(max, `${what} is at most ${max} characters.`)
    .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, `${what} is one line, without control characters.`);

/**
 * The body of `PUT /api/admin/settings`: every field, trimmed. Anything may be written in the
 * texts (a name such as `</script><b>x` included): every place that shows them escapes them.
 */
export const shopSettingsBody = z.strictObject({
  name: oneLine('The shop’s name', SHOP_NAME_MAX).min(1, 'Give the shop a name.'),
  email: z
    .string('The contact email is text.')
    .trim()
    .max(254, 'The contact email is at most 254 characters.')
    .pipe(z.email('Enter a valid contact email address.')),
  phone: oneLine('The phone number', 40).regex(
    /^(?:\+?[\d\s().\-/]*\d[\d\s().\-/]*)?$/,
    'Write the phone number with digits, spaces and + ( ) - . / only, or leave it empty.',
  ),
  hours: oneLine('The opening hours', 100),
  address: z
    .array(oneLine('Each address line', 100), 'The address is a list of lines.')
    .transform((lines) => lines.filter((line) => line !== ''))
    .pipe(
      z
        .array(z.string())
        .min(1, 'Give the shop’s postal address.')
        .max(ADDRESS_LINES_MAX, `The address is at most ${ADDRESS_LINES_MAX} lines.`),
    ),
  contactText: z
    .string('The contact page text is text.')
    .trim()
    .max(CONTACT_TEXT_MAX, `The contact page text is at most ${CONTACT_TEXT_MAX} characters.`)
    .regex(
      // Line breaks and tabs are the only control characters a text needs.
      /^(?:[^\p{Cc}]|[\t\n\r])*$/u,
      'The contact page text has control characters.',
    ),
  // Left out: the logo stays as it is (a client that does not know about logos erases none).
  logo: z
    .string('The logo is the address of an uploaded picture.')
    .regex(
      /^(?:\/images\/uploads\/[0-9a-f]{32})?$/,
      'The logo is an uploaded picture: upload one, or leave it empty for the crown.',
    )
    .optional(),
});

/** What the shop's settings are, as GET and PUT /api/admin/settings answer them. */
export const shopSettingsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  hours: z.string(),
  address: z.array(z.string()),
  contactText: z.string(),
  logo: z.string(),
});
