/**
 * The shop's contact details, shown on /contact. A shop owner who runs their own copy edits
 * these to their own.
 */
export const SHOP_CONTACT = {
  email: 'hello@crwn-clothing.example',
  phone: '+1 (555) 010-2040',
  hours: 'Monday to Friday, 9:00 to 17:00',
  address: ['CRWN Clothing', '100 Market Street', 'San Francisco, CA 94105', 'United States'],
} as const;
