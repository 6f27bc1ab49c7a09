/**
 * Summary Markdown read as plain text: the blocks a summary is made of (headings, paragraphs,
 * top-level list items), with emphasis, links, code and escapes reduced to the words they show.
 * Either engine's Markdown reads the same way.
 */
import he from 'he';
import { marked, type Token, type Tokens } from 'marked';
import { cleanText } from './text-fit';

export type SummaryBlock =
  | { kind: 'heading'; depth: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; text: string; /** The item's leading bold words ("**Term**: ..."), if any. */ lead: string | null };

/** The blocks of a summary in order; a list's nested items are part of their parent's text. */
export function summaryBlocks(markdown: string): SummaryBlock[] {
  const blocks: SummaryBlock[] = [];
  for (const token of marked.lexer(markdown, { gfm: true })) readBlock(token, blocks);
  return blocks;
}

function readBlock(token: Token, out: SummaryBlock[]): void {
  switch (token.type) {
    case 'heading': {
      const text = inlineText((token as Tokens.Heading).tokens);
      if (text) out.push({ kind: 'heading', depth: (token as Tokens.Heading).depth, text });
      return;
    }
    case 'paragraph':
    case 'text': {
      const t = token as Tokens.Paragraph | Tokens.Text;
      const text = t.tokens ? inlineText(t.tokens) : cleanText(he.decode(t.text));
      if (text) out.push({ kind: 'paragraph', text });
      return;
    }
    case 'blockquote':
      for (const inner of (token as Tokens.Blockquote).tokens) readBlock(inner, out);
      return;
    case 'list':
      for (const item of (token as Tokens.List).items) {
        // The item's own text, without the items nested under it.
        const own = item.tokens.filter((t) => t.type !== 'list');
        const text = cleanText(own.map((t) => blockText(t)).join(' '));
        if (text) out.push({ kind: 'item', text, lead: leadingBold(own) });
      }
      return;
    default:
      return;
  }
}

function blockText(token: Token): string {
  if ('tokens' in token && Array.isArray(token.tokens)) return inlineText(token.tokens as Token[]);
  return 'text' in token && typeof token.text === 'string' ? cleanText(he.decode(token.text)) : '';
}

function leadingBold(tokens: readonly Token[]): string | null {
  const first = tokens[0];
  const inline = first && 'tokens' in first && Array.isArray(first.tokens) ? (first.tokens as Token[]) : [];
  const lead = inline[0];
  if (!lead || lead.type !== 'strong') return null;
  return inlineText((lead as Tokens.Strong).tokens) || null;
}

/** Inline Markdown as the words it shows. */
export function inlineText(tokens: readonly Token[]): string {
  const parts: string[] = [];
  walk(tokens, parts);
  return cleanText(parts.join(''));
}

const MOMENT_TEXT = /^\d+(?::\d{2}){1,2}$/;

function isMomentLink(link: Tokens.Link): boolean {
  return MOMENT_TEXT.test(link.text) && /[?&]t=\d+s$/.test(link.href);
}

function walk(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'link':
        // A point's citation ("[1:23](…&t=83s)") is where to watch, not words of the summary.
        if (!isMomentLink(token as Tokens.Link)) walk((token as Tokens.Link).tokens, out);
        break;
      case 'strong':
      case 'em':
      case 'del':
        walk((token as Tokens.Strong).tokens, out);
        break;
      case 'text': {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) walk(t.tokens, out);
        else out.push(he.decode(t.text));
        break;
      }
      case 'br':
        out.push(' ');
        break;
      case 'image':
        out.push((token as Tokens.Image).text);
        break;
      case 'html':
        out.push(he.decode((token as Tokens.HTML).text.replace(/<[^>]*>/g, '')));
        break;
      default:
        if ('text' in token && typeof token.text === 'string') out.push(he.decode(token.text));
    }
  }
}

/** One line of inline Markdown (an insight, a title) as plain text. */
export function plainInline(markdown: string): string {
  return inlineText(marked.Lexer.lexInline(markdown, { gfm: true }));
}

/** All the words of a summary, its headings left out. */
export function plainText(markdown: string): string {
  return cleanText(
    summaryBlocks(markdown)
      .filter((b) => b.kind !== 'heading')
      .map((b) => b.text)
      .join(' '),
  );
}

/**
 * Sentences of plain text: split after ., !, ? or … (and their CJK forms) where the next one
 * starts. Abbreviations may split a sentence early; nothing depends on more than its start.
 */
export function sentencesOf(text: string): string[] {
  return cleanText(text)
    .split(/(?<=[.!?…。！？])\s+(?=["“‘'([]?[\p{Lu}\p{Lo}\p{N}])|(?<=[。！？])/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
