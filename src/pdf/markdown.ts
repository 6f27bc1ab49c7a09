/**
 * Summary Markdown drawn into the PDF: marked's lexer parses it (CommonMark + GFM), and each token
 * becomes pdfkit text — headings, paragraphs, bullet and numbered lists (nested), **bold**,
 * *italic*, `code`, links, block quotes, code blocks, rules and simple tables.
 */
import he from 'he';
import { marked, type Token, type Tokens } from 'marked';
import { BODY_SIZE, COLORS, type PdfWriter, type Run } from './pdf-writer';

interface Frame {
  /** Points from the left margin. */
  indent: number;
  color: string;
  italic: boolean;
  size: number;
}

const LIST_MARKER_WIDTH = 16;
const HEADING_SIZES: Record<number, number> = { 1: 13.5, 2: 12.5, 3: 11.5 };

export function renderMarkdown(writer: PdfWriter, markdown: string, { size = BODY_SIZE } = {}): void {
  const tokens = marked.lexer(markdown, { gfm: true });
  renderBlocks(writer, tokens, { indent: 0, color: COLORS.text, italic: false, size }, false);
}

function renderBlocks(writer: PdfWriter, tokens: readonly Token[], frame: Frame, tight: boolean): void {
  for (const token of tokens) renderBlock(writer, token, frame, tight);
}

function renderBlock(writer: PdfWriter, token: Token, frame: Frame, tight: boolean): void {
  const x = writer.left + frame.indent;
  const width = writer.contentWidth - frame.indent;
  const paragraphAfter = tight ? 2 : frame.size * 0.6;
  switch (token.type) {
    case 'space':
    case 'def':
      return;
    case 'heading': {
      const t = token as Tokens.Heading;
      const text = inlineRuns(t.tokens, {}).map((r) => r.text).join('');
      writer.heading(text, { size: HEADING_SIZES[t.depth] ?? 11, before: 6, after: 3, keep: 2 });
      return;
    }
    case 'paragraph': {
      const t = token as Tokens.Paragraph;
      writer.runs(inlineRuns(t.tokens, { italic: frame.italic }), { x, width, size: frame.size, color: frame.color, after: paragraphAfter });
      return;
    }
    case 'text': {
      // Block-level text: the content of a tight list item.
      const t = token as Tokens.Text;
      const runs = t.tokens ? inlineRuns(t.tokens, { italic: frame.italic }) : [{ text: decode(t.text), italic: frame.italic }];
      writer.runs(runs, { x, width, size: frame.size, color: frame.color, after: paragraphAfter });
      return;
    }
    case 'list': {
      const t = token as Tokens.List;
      const start = typeof t.start === 'number' ? t.start : 1;
      t.items.forEach((item, i) => {
        const marker = item.task ? (item.checked ? '☑' : '☐') : t.ordered ? `${start + i}.` : frame.indent === 0 ? '•' : '◦';
        const markerWidth = t.ordered ? Math.max(LIST_MARKER_WIDTH, 7 * String(start + t.items.length).length + 6) : LIST_MARKER_WIDTH;
        writer.columns(
          marker,
          markerWidth,
          () => renderBlocks(writer, item.tokens, { ...frame, indent: frame.indent + markerWidth }, !t.loose),
          { size: frame.size, labelColor: frame.color, labelStyle: 'regular', indent: frame.indent },
        );
      });
      writer.space(tight ? 0 : frame.size * 0.4);
      return;
    }
    case 'blockquote': {
      const t = token as Tokens.Blockquote;
      renderBlocks(writer, t.tokens, { ...frame, indent: frame.indent + 14, color: COLORS.muted, italic: true }, tight);
      return;
    }
    case 'code': {
      const t = token as Tokens.Code;
      writer.runs([{ text: t.text, mono: true }], { x: x + 10, width: width - 10, size: frame.size - 1.5, color: frame.color, after: paragraphAfter });
      return;
    }
    case 'hr':
      writer.rule();
      return;
    case 'table': {
      const t = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[], bold: boolean) => {
        const runs: Run[] = [];
        cells.forEach((cell, i) => {
          if (i > 0) runs.push({ text: '  |  ', bold: false });
          runs.push(...inlineRuns(cell.tokens, { bold }));
        });
        writer.runs(runs, { x, width, size: frame.size - 0.5, color: frame.color, after: 2 });
      };
      row(t.header, true);
      for (const cells of t.rows) row(cells, false);
      writer.space(paragraphAfter);
      return;
    }
    case 'html': {
      const text = stripTags((token as Tokens.HTML).text).trim();
      if (text) writer.runs([{ text }], { x, width, size: frame.size, color: frame.color, after: paragraphAfter });
      return;
    }
    default: {
      const text = 'text' in token && typeof token.text === 'string' ? token.text : '';
      if (text.trim()) writer.runs([{ text: decode(text) }], { x, width, size: frame.size, color: frame.color, after: paragraphAfter });
    }
  }
}

type InlineStyle = Omit<Run, 'text'>;

/** Inline tokens flattened into styled runs. */
export function inlineRuns(tokens: readonly Token[] | undefined, style: InlineStyle): Run[] {
  const out: Run[] = [];
  walk(tokens ?? [], style, out);
  return out;
}

function walk(tokens: readonly Token[], style: InlineStyle, out: Run[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'text': {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) walk(t.tokens, style, out);
        else out.push({ ...style, text: decode(t.text) });
        break;
      }
      case 'escape':
        out.push({ ...style, text: (token as Tokens.Escape).text });
        break;
      case 'strong':
        walk((token as Tokens.Strong).tokens, { ...style, bold: true }, out);
        break;
      case 'em':
        walk((token as Tokens.Em).tokens, { ...style, italic: true }, out);
        break;
      case 'del':
        walk((token as Tokens.Del).tokens, { ...style, strike: true }, out);
        break;
      case 'codespan':
        out.push({ ...style, mono: true, text: (token as Tokens.Codespan).text });
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'link': {
        const t = token as Tokens.Link;
        walk(t.tokens, { ...style, link: safeHref(t.href) ?? style.link }, out);
        break;
      }
      case 'image':
        out.push({ ...style, text: (token as Tokens.Image).text });
        break;
      case 'html':
        out.push({ ...style, text: stripTags((token as Tokens.Tag).text) });
        break;
      default:
        if ('text' in token && typeof token.text === 'string') out.push({ ...style, text: decode(token.text) });
    }
  }
}

function decode(text: string): string {
  return he.decode(text);
}

function stripTags(html: string): string {
  return he.decode(html.replace(/<[^>]*>/g, ''));
}

function safeHref(href: string): string | undefined {
  return /^(https?:|mailto:)/i.test(href) ? href : undefined;
}
