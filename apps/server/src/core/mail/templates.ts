/** The account mails (PocketBase's account mails), all in the shared layout with links into the web app. */
import { appLink, humanDuration } from './app-link.js';
import { renderMail, type MailMeta, type RenderedMail } from './layout.js';

export function verificationMail(meta: MailMeta, token: string, validFor: number): RenderedMail {
  return renderMail(meta, {
    subject: `Verify your ${meta.appName} email`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Thanks for joining ${meta.appName}. Confirm that this is your email address to finish setting up your account.`,
    ],
    action: { label: 'Verify email', url: appLink(meta.appURL, '/confirm-verification', { token }) },
    footnote: `The link is valid for ${humanDuration(validFor)}. If you did not create an account, you can ignore this email.`,
  });
}

export function passwordResetMail(meta: MailMeta, token: string, validFor: number): RenderedMail {
  return renderMail(meta, {
    subject: `Reset your ${meta.appName} password`,
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new one with the link below.',
    ],
    action: { label: 'Choose a new password', url: appLink(meta.appURL, '/reset-password', { token }) },
    footnote: `The link works once and is valid for ${humanDuration(validFor)}. If you did not ask for this, ignore this email; your password stays the same.`,
  });
}

export function emailChangeMail(
  meta: MailMeta,
  token: string,
  newEmail: string,
  validFor: number,
): RenderedMail {
  return renderMail(meta, {
    subject: `Confirm your new ${meta.appName} email`,
    heading: 'Confirm your new email address',
    paragraphs: [
      `Confirm ${newEmail} as the new email address of your ${meta.appName} account. You will be asked for your password.`,
    ],
    action: { label: 'Confirm new email', url: appLink(meta.appURL, '/confirm-email-change', { token }) },
    footnote: `The link works once and is valid for ${humanDuration(validFor)}. If you did not ask for this, ignore this email.`,
  });
}

export function otpMail(meta: MailMeta, code: string, validFor: number): RenderedMail {
  return renderMail(meta, {
    subject: `Your ${meta.appName} sign-in code`,
    heading: 'Your sign-in code',
    paragraphs: [`Enter this code to sign in to ${meta.appName}:`],
    code,
    footnote: `The code works once and expires in ${humanDuration(validFor)}. If you did not try to sign in, ignore this email.`,
  });
}

/** Confirms a deletion that already happened; the one link is to the contact page, for a deletion not asked for. */
export function accountDeletedMail(meta: MailMeta): RenderedMail {
  return renderMail(meta, {
    subject: `Your ${meta.appName} account was deleted`,
    heading: 'Your account was deleted',
    paragraphs: [
      `Your ${meta.appName} account was deleted, together with your profiles, photoshoots, uploaded photos and portraits. You can no longer sign in with it.`,
      'Records of your payments stay in our accounts, no longer linked to you.',
    ],
    action: { label: 'Contact us', url: appLink(meta.appURL, '/contact') },
    footnote: 'If you did not ask for this, write to us through the contact page at once.',
  });
}

/**
 * A sign-in from somewhere new. Sent only as a test mail today (`login-alert`): the server keeps no
 * record of known sign-in origins yet, so collections report `authAlert.enabled: false`.
 */
export function loginAlertMail(meta: MailMeta, where: string): RenderedMail {
  return renderMail(meta, {
    subject: `New sign-in to your ${meta.appName} account`,
    heading: 'A new sign-in to your account',
    paragraphs: [`Your ${meta.appName} account was just signed in to from ${where}.`],
    action: { label: 'Reset your password', url: appLink(meta.appURL, '/forgot-password') },
    footnote: 'If this was you, there is nothing to do. If it was not, reset your password now.',
  });
}

/** What a receipt says about the item bought, in the words of the module that sells it. */
export type ReceiptItem = {
  /** Detail rows right after the package (a photoshoot's title; a team and its seats). */
  lines: { label: string; value: string }[];
  /** The opening paragraph: what happens now. */
  message: string;
  action: { label: string; url: string };
};

/** What a payment receipt lists; amounts are integer minor units (cents) of `currency`. */
export type ReceiptLines = {
  itemName: string;
  item: ReceiptItem;
  priceCents: number;
  discountCents: number;
  amountCents: number;
  currency: string;
  couponCode: string;
  paymentId: string;
  paidAt: Date;
};

/** "$49.00", "€9.50", "¥500": Intl knows how many decimals a currency has. */
export function formatMoney(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export function receiptMail(meta: MailMeta, r: ReceiptLines): RenderedMail {
  const money = (n: number) => formatMoney(n, r.currency);
  const details = [{ label: 'Package', value: r.itemName }, ...r.item.lines];
  details.push({ label: 'Price', value: money(r.priceCents) });
  if (r.discountCents > 0) {
    details.push({ label: `Discount (${r.couponCode})`, value: `-${money(r.discountCents)}` });
  }
  details.push(
    { label: 'Total paid', value: money(r.amountCents) },
    { label: 'Date', value: r.paidAt.toISOString().slice(0, 10) },
    { label: 'Payment reference', value: r.paymentId },
  );
  return renderMail(meta, {
    subject: `Your ${meta.appName} receipt`,
    heading: 'Thank you for your order',
    paragraphs: [r.item.message],
    action: r.item.action,
    details,
    footnote:
      'Keep this email as your receipt. Questions about your order? Reply through the contact page and quote the payment reference.',
  });
}
