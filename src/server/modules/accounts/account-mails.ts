import type { MailTemplate } from '#server/modules/mail/mail-service.ts';

/** How long each emailed link works. */
export const RESET_LINK_MINUTES = 30;
export const VERIFY_LINK_HOURS = 24;

/**
 * A page of the shop with the link's token in the fragment: a browser never sends the fragment,
 * so the token reaches no server log, proxy or Referer; the page hands it to the API.
 */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  const url = new URL(path, publicUrl);
  url.hash = `token=${token}`;
  return url.toString();
}

export function passwordResetMail(link: string): MailTemplate {
  return (shop) => ({
    subject: `Choose a new password for ${shop.name}`,
    paragraphs: [
      `Someone (we hope you) asked to choose a new password for the ${shop.name} account of this address.`,
      `The link works once, for ${RESET_LINK_MINUTES} minutes. Choosing a new password signs the account out everywhere.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: link },
  });
}

export function verifyEmailMail(link: string): MailTemplate {
  return (shop) => ({
    subject: `Confirm your email address for ${shop.name}`,
    paragraphs: [
      'Please confirm that this address is yours, so that we know our emails about your orders reach you.',
      `The link works once, for ${VERIFY_LINK_HOURS} hours. You can shop and pay before you confirm.`,
    ],
    action: { label: 'Confirm my address', url: link },
  });
}

export function changeEmailMail(link: string): MailTemplate {
  return (shop) => ({
    subject: `Confirm your new email address for ${shop.name}`,
    paragraphs: [
      `You asked to use this address for your ${shop.name} account. Your address changes when you open this link.`,
      `The link works once, for ${VERIFY_LINK_HOURS} hours. If you did not ask for it, ignore this email.`,
    ],
    action: { label: 'Use this address', url: link },
  });
}

/** To the old address: sent when a change is asked for, so a stolen session cannot change it quietly. */
export function emailChangeNoticeMail(newEmail: string, accountLink: string): MailTemplate {
  return (shop) => ({
    subject: `Your ${shop.name} email address is about to change`,
    paragraphs: [
      `Someone signed in to your account asked to change its email address to ${newEmail}. It changes only when the link sent there is opened.`,
      'If this was not you, change your password now: that signs everyone else out and cancels the change.',
    ],
    action: { label: 'Open your account', url: accountLink },
  });
}

export function passwordChangedMail(accountLink: string): MailTemplate {
  return (shop) => ({
    subject: `Your ${shop.name} password was changed`,
    paragraphs: [
      `The password of your ${shop.name} account was just changed, and every other session was signed out.`,
      'If this was not you, choose a new password with "Forgot password?" on the sign-in page.',
    ],
    action: { label: 'Open your account', url: accountLink },
  });
}
