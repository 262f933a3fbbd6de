/**
 * One mail body, described once as blocks and rendered twice: an HTML part in the site's look and a plain-text
 * part that says the same. Everything is inline (mail clients drop <style> and block remote content): no image,
 * no web font, no tracking pixel, no third-party asset. Colours are the site's (web/src/styles.css).
 */

export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** The one thing the mail asks for: a button in HTML, the label and the bare URL in text. */
  | { kind: 'button'; label: string; url: string }
  /** Quieter text: validity, "if this wasn't you". */
  | { kind: 'note'; text: string }
  /** A sentence and a link after it (a second, quieter thing to do than the button's). */
  | { kind: 'link'; text: string; label: string; url: string }
  /** Label/value rows, e.g. an operator notification's fields. */
  | { kind: 'facts'; rows: ReadonlyArray<{ label: string; value: string }> }
  /** Text the founders wrote, already rendered from the Markdown subset (delivery/mail-markdown.ts): never raw input. */
  | { kind: 'rendered'; html: string; text: string };

export interface MailFooterLink {
  label: string;
  url: string;
}

export interface MailDocument {
  /** BCP 47 language of the copy, for <html lang>. */
  lang: string;
  subject: string;
  /** Shown by mail clients beside the subject; hidden in the body. */
  preview: string;
  brandName: string;
  blocks: readonly MailBlock[];
  /** Links every mail to a person carries (manage your data, unsubscribe). */
  footerLinks: readonly MailFooterLink[];
  /** Why the reader got this mail, and who sent it. */
  footerLines: readonly string[];
}

export const MAIL_COLOURS = {
  text: '#111827',
  muted: '#4b5563',
  primary: '#4338ca',
  primaryStrong: '#3730a3',
  tint: '#f5f7ff',
  border: '#d1d5db',
  onPrimary: '#ffffff',
  page: '#f5f7ff',
  card: '#ffffff',
} as const;

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function blockHtml(block: MailBlock): string {
  const c = MAIL_COLOURS;
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;font-weight:700;color:${c.text}">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${c.text}">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:${c.muted}">${escapeHtml(block.text)}</p>`;
    case 'link':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${c.text}">${escapeHtml(block.text)} <a href="${escapeHtml(block.url)}" style="color:${c.primaryStrong};text-decoration:underline">${escapeHtml(block.label)}</a></p>`;
    case 'button':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>` +
        `<td style="border-radius:12px;background:${c.primary}">` +
        `<a href="${escapeHtml(block.url)}" style="display:inline-block;padding:14px 24px;font-size:16px;font-weight:600;line-height:1.2;color:${c.onPrimary};text-decoration:none;border-radius:12px">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${c.muted};word-break:break-all">${escapeHtml(block.url)}</p>`
      );
    case 'facts':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;width:100%;border-collapse:collapse">` +
        block.rows
          .map(
            (row) =>
              `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;font-size:14px;font-weight:600;color:${c.muted};white-space:nowrap">${escapeHtml(row.label)}</th>` +
              `<td style="padding:6px 0;font-size:14px;color:${c.text}">${escapeHtml(row.value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'rendered':
      return block.html;
  }
}

export function renderMailHtml(doc: MailDocument): string {
  const c = MAIL_COLOURS;
  const footerLinks = doc.footerLinks
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" style="color:${c.primaryStrong};text-decoration:underline">${escapeHtml(link.label)}</a>`,
    )
    .join(' &nbsp;·&nbsp; ');
  const footerLines = doc.footerLines
    .map((line) => `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${c.muted}">${escapeHtml(line)}</p>`)
    .join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(doc.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(doc.subject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background:${c.page};font-family:${FONT}">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(doc.preview)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${c.page}"><tr><td align="center" style="padding:32px 16px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">`,
    `<tr><td style="padding:0 8px 16px;font-size:18px;font-weight:700;color:${c.primary};font-family:${FONT}">${escapeHtml(doc.brandName)}</td></tr>`,
    `<tr><td style="background:${c.card};border:1px solid ${c.border};border-radius:12px;padding:32px 28px;font-family:${FONT}">`,
    ...doc.blocks.map(blockHtml),
    '</td></tr>',
    `<tr><td style="padding:20px 8px 0;font-family:${FONT}">`,
    footerLinks ? `<p style="margin:0 0 12px;font-size:13px;line-height:1.6">${footerLinks}</p>` : '',
    footerLines,
    '</td></tr>',
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].join('\n');
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return block.text;
    case 'paragraph':
    case 'note':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'link':
      return `${block.text}\n${block.label}:\n${block.url}`;
    case 'facts':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'rendered':
      return block.text;
  }
}

export function renderMailText(doc: MailDocument): string {
  const body = doc.blocks.map(blockText).join('\n\n');
  const links = doc.footerLinks.map((link) => `${link.label}:\n${link.url}`).join('\n\n');
  // "-- " on its own line is the signature separator mail clients recognise and fold away.
  return [body, '-- ', [links, doc.footerLines.join('\n')].filter(Boolean).join('\n\n')].join('\n\n') + '\n';
}
