import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';
import { html, htmlPage, type SafeHtml } from '#server/platform/http/html.ts';

/** What an email says, in parts both its HTML and its plain text are made from. */
export interface MailContent {
  subject: string;
  /** Paragraphs of plain text, in order. */
  paragraphs: readonly string[];
  /** The one thing to do (a link on the shop's own address), shown as a button and as a URL. */
  action?: { label: string; url: string };
  /** Rows such as an order's lines: a label and its value. */
  rows?: readonly { label: string; value: string }[];
}

/**
 * An email made from the shop's settings as they are when it is queued (its name in the
 * subject and text: ADR 048).
 */
export type MailTemplate = (shop: Readonly<ShopSettings>) => MailContent;

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The HTML and plain-text parts of an email, each with the shop's name, postal address and
 * contact email from its settings (every text escaped in the HTML part). No images, no pixels,
 * no rewritten links: nothing in it tells the shop that it was opened.
 */
export function composeMail(
  content: MailContent,
  shop: Readonly<ShopSettings> = DEFAULT_SHOP_SETTINGS,
): ComposedMail {
  const shopName = shop.name;
  const postal = [shop.name, ...shop.address];
  const rows = content.rows ?? [];
  const text = [
    ...content.paragraphs,
    ...(rows.length > 0 ? [rows.map((row) => `${row.label}: ${row.value}`).join('\n')] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    `-- \n${postal.join('\n')}\n${shop.email}`,
  ].join('\n\n');

  const table: SafeHtml | undefined =
    rows.length > 0
      ? html`<table role="presentation" cellpadding="4">${rows.map(
          (row) => html`<tr><td>${row.label}</td><td align="right">${row.value}</td></tr>`,
        )}</table>`
      : undefined;
  const body = html`<div style="font-family: sans-serif; max-width: 560px">
<p style="font-size: 20px; letter-spacing: 2px"><strong>${shopName}</strong></p>
${content.paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
${table}
${
  content.action
    ? html`<p><a href="${content.action.url}" style="display: inline-block; padding: 10px 16px; background: #000; color: #fff; text-decoration: none">${content.action.label}</a></p>
<p style="font-size: 13px">Or open this address: ${content.action.url}</p>`
    : undefined
}
<hr>
<p style="font-size: 12px; color: #555">${postal.map((line, index) => html`${index > 0 ? html`<br>` : undefined}${line}`)}<br>${shop.email}</p>
</div>`;
  return { subject: content.subject, text, html: htmlPage({ title: content.subject, body }) };
}
