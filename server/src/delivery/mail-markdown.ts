import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { MAIL_COLOURS, escapeHtml } from './mail-layout';

/**
 * The Markdown the founders write updates to the list in, rendered to the mail's HTML (inline styles, the site's
 * colours) and to plain text that says the same. A small subset: paragraphs, headings, bullet and numbered lists,
 * **bold**, *italic*, links (https, http and mailto only) and line breaks. Raw HTML, images, tables and code are
 * not part of it: they show as the text that was typed.
 */
const md = new MarkdownIt('zero', { html: false, linkify: false, breaks: true }).enable([
  'heading',
  'list',
  'emphasis',
  'link',
  'newline',
  'escape',
  'entity',
]);
md.validateLink = (url) => /^(https?:\/\/|mailto:)/i.test(url.trim());

const c = MAIL_COLOURS;
const TEXT = `font-size:16px;line-height:1.6;color:${c.text}`;
const rules = md.renderer.rules;
rules.paragraph_open = (tokens, i) => (tokens[i]!.hidden ? '' : `<p style="margin:0 0 16px;${TEXT}">`);
rules.heading_open = () => `<h2 style="margin:0 0 12px;font-size:19px;line-height:1.35;font-weight:700;color:${c.text}">`;
rules.heading_close = () => '</h2>';
rules.bullet_list_open = () => `<ul style="margin:0 0 16px;padding-left:24px">`;
rules.ordered_list_open = () => `<ol style="margin:0 0 16px;padding-left:24px">`;
rules.list_item_open = () => `<li style="margin:0 0 6px;${TEXT}">`;
rules.link_open = (tokens, i) =>
  `<a href="${escapeHtml(tokens[i]!.attrGet('href') ?? '')}" style="color:${c.primaryStrong};text-decoration:underline">`;

function inlineText(children: readonly Token[]): string {
  let out = '';
  let href: string | null = null;
  let linkStart = 0;
  for (const t of children) {
    if (t.type === 'text') out += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out += '\n';
    else if (t.type === 'link_open') {
      href = t.attrGet('href');
      linkStart = out.length;
    } else if (t.type === 'link_close' && href) {
      // The address after the words, unless the words are the address.
      if (out.slice(linkStart) !== href.replace(/^mailto:/, '')) out += ` (${href.replace(/^mailto:/, '')})`;
      href = null;
    }
  }
  return out;
}

function toText(tokens: readonly Token[]): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let item: string | null = null;
  for (const t of tokens) {
    if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') lists.push({ ordered: t.type === 'ordered_list_open', n: 0 });
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
      lists.pop();
      if (lists.length === 0) blocks.push('');
    } else if (t.type === 'list_item_open') {
      const list = lists.at(-1)!;
      list.n += 1;
      item = `${'  '.repeat(lists.length - 1)}${list.ordered ? `${list.n}.` : '-'} `;
    } else if (t.type === 'inline') {
      const text = inlineText(t.children ?? []);
      if (item !== null) {
        blocks.push(item + text.replaceAll('\n', `\n${' '.repeat(item.length)}`));
        item = null;
      } else if (lists.length > 0) blocks.push(`${'  '.repeat(lists.length)}${text}`);
      else blocks.push(text, '');
    }
  }
  return blocks
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The body as HTML for the mail's card and as plain text. */
export function renderMailMarkdown(source: string): { html: string; text: string } {
  const tokens = md.parse(source, {});
  return { html: md.renderer.render(tokens, md.options, {}).trim(), text: toText(tokens) };
}
