/**
 * Layout primitives over pdfkit: styled text runs, headings that keep with what follows, label and
 * timestamp columns, bullets, and a footer with the page number on every page.
 *
 * Pages are not buffered: pdfkit writes each page out as soon as the next one starts, so memory
 * holds the compressed output and one page, whatever the length of the document. That is why the
 * footer is drawn when a page starts (there is no "page X of Y": the total is unknown until the end).
 */
import PDFDocument from 'pdfkit';
import he from 'he';
import { exportFonts, printable, type FontStyle } from './fonts';

export const COLORS = {
  text: '#1f2328',
  muted: '#656d76',
  accent: '#0b5cad',
  rule: '#d0d7de',
  link: '#0b5cad',
} as const;

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  strike?: boolean;
  /** http(s) or mailto address. */
  link?: string;
}

export interface TextStyle {
  size?: number;
  color?: string;
  /** Space after the block, in points. */
  after?: number;
}

export interface WriterOptions {
  info: PDFKit.DocumentInfo;
  /** Left part of the footer (the video title). */
  footerLabel: string;
  lang?: string;
}

const MARGIN = 56;
const FOOTER_OFFSET = 34;
export const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;

/** The pdfkit internals the footer has to set aside while it draws in the middle of a text flow. */
interface PdfKitTextState {
  _wrapper: unknown;
  _textOptions: unknown;
  _font: unknown;
  _fontSize: number;
  _fillColor: unknown;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private pageNumber = 0;
  private readonly footerLabel: string;

  constructor(options: WriterOptions) {
    this.footerLabel = printable(options.footerLabel).replace(/\s+/g, ' ');
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      autoFirstPage: false,
      bufferPages: false,
      compress: true,
      pdfVersion: '1.7',
      displayTitle: true,
      lang: options.lang,
      // pdfkit chokes on a key that is present but undefined (a video with no channel has no Author).
      info: Object.fromEntries(Object.entries(options.info).filter(([, value]) => value !== undefined && value !== null && value !== '')),
    });
    escapeXmpMetadata(this.doc);
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    const fonts = exportFonts();
    for (const [style, source] of Object.entries(fonts.sources)) this.doc.registerFont(style, source as never);
    this.doc.on('pageAdded', () => this.drawFooter());
    this.doc.addPage();
    this.setFont('regular', BODY_SIZE, COLORS.text);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get contentWidth(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  setFont(style: FontStyle, size: number, color: string = COLORS.text): void {
    this.doc.font(style).fontSize(size).fillColor(color);
  }

  lineHeight(size = BODY_SIZE): number {
    this.doc.fontSize(size);
    return this.doc.currentLineHeight(true) + LINE_GAP;
  }

  /** Starts a new page unless `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.maxY) this.doc.addPage();
  }

  newPage(): void {
    this.doc.addPage();
  }

  /** A picture alone on a page of its own, scaled to fit inside the margins; text goes on after it on a new page. */
  imagePage(image: Buffer): void {
    this.doc.addPage();
    const top = this.doc.y;
    this.doc.image(image, this.left, top, { fit: [this.contentWidth, this.maxY - top], align: 'center' });
    this.doc.addPage();
  }

  space(points: number): void {
    if (this.doc.y + points < this.maxY) this.doc.y += points;
  }

  /** Styled runs as one flowing paragraph at `x` (default: the left margin) and `width`. */
  runs(runs: readonly Run[], { x = this.left, width, size = BODY_SIZE, color = COLORS.text, after = 0 }: TextStyle & { x?: number; width?: number } = {}): void {
    const merged = mergeRuns(runs);
    if (merged.length === 0) return;
    const w = width ?? this.left + this.contentWidth - x;
    merged.forEach((run, i) => {
      this.setFont(fontStyleOf(run), size, run.link ? COLORS.link : color);
      const options: PDFKit.Mixins.TextOptions = {
        width: w,
        lineGap: LINE_GAP,
        continued: i < merged.length - 1,
        link: run.link ?? undefined,
        underline: Boolean(run.link),
        strike: Boolean(run.strike),
      };
      if (i === 0) this.doc.text(run.text, x, this.doc.y, options);
      else this.doc.text(run.text, options);
    });
    this.doc.x = this.left;
    this.space(after);
  }

  paragraph(text: string, style: TextStyle & { x?: number; width?: number; bold?: boolean; italic?: boolean } = {}): void {
    this.runs([{ text, bold: style.bold, italic: style.italic }], style);
  }

  /** A heading that is never left alone at the bottom of a page. */
  heading(text: string, { size, color = COLORS.text, before = 0, after = 4, keep = 3, rule = false }: { size: number; color?: string; before?: number; after?: number; keep?: number; rule?: boolean }): void {
    const clean = printable(text).replace(/\s+/g, ' ').trim();
    this.setFont('bold', size, color);
    const height = this.doc.heightOfString(clean, { width: this.contentWidth });
    if (this.doc.y > this.doc.page.margins.top) this.space(before);
    this.ensureSpace(height + (rule ? 6 : 0) + after + keep * this.lineHeight());
    this.setFont('bold', size, color);
    this.doc.text(clean, this.left, this.doc.y, { width: this.contentWidth, lineGap: 1 });
    if (rule) {
      const y = this.doc.y + 2;
      this.doc.save().moveTo(this.left, y).lineTo(this.left + this.contentWidth, y).lineWidth(0.75).strokeColor(COLORS.rule).stroke().restore();
      this.doc.y = y + 4;
    }
    this.doc.x = this.left;
    this.space(after);
    this.setFont('regular', BODY_SIZE);
  }

  rule(): void {
    this.ensureSpace(12);
    const y = this.doc.y + 4;
    this.doc.save().moveTo(this.left, y).lineTo(this.left + this.contentWidth, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke().restore();
    this.doc.y = y + 8;
  }

  /**
   * A two-column row: `label` in a narrow left column (a field name, a timestamp, a bullet) and
   * `body` writing at `x` with `width` in the right one. The label only goes down once the first
   * line of the body fits on this page.
   */
  columns(
    label: string,
    labelWidth: number,
    body: (x: number, width: number) => void,
    { size = BODY_SIZE, labelColor = COLORS.muted as string, labelStyle = 'bold' as FontStyle, indent = 0 }: { size?: number; labelColor?: string; labelStyle?: FontStyle; indent?: number } = {},
  ): void {
    this.ensureSpace(this.lineHeight(size) * 1.5);
    const y = this.doc.y;
    const x = this.left + indent;
    this.setFont(labelStyle, size, labelColor);
    this.doc.text(printable(label), x, y, { lineBreak: false });
    this.doc.x = x;
    this.doc.y = y;
    body(x + labelWidth, this.contentWidth - indent - labelWidth);
    this.doc.x = this.left;
  }

  /** Ends the document and resolves with the whole PDF. */
  async finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }

  /** Waits for pdfkit's output to be taken up, so a long document never blocks the event loop. */
  async breathe(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
  }

  private drawFooter(): void {
    this.pageNumber++;
    const doc = this.doc;
    const state = doc as unknown as PdfKitTextState;
    const saved = { wrapper: state._wrapper, textOptions: state._textOptions, font: state._font, size: state._fontSize, color: state._fillColor, x: doc.x, y: doc.y };
    // A page can start in the middle of a paragraph; the footer must not join that flow.
    state._wrapper = null;
    state._textOptions = null;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    try {
      const y = doc.page.height - FOOTER_OFFSET;
      const left = this.left;
      const width = this.contentWidth;
      doc.save();
      doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      doc.font('regular').fontSize(8).fillColor(COLORS.muted);
      const pageLabel = `Page ${this.pageNumber}`;
      const pageWidth = doc.widthOfString(pageLabel);
      doc.text(pageLabel, left + width - pageWidth, y, { lineBreak: false });
      const label = fitText(this.footerLabel, width - pageWidth - 24, (s) => doc.widthOfString(s));
      if (label) doc.text(label, left, y, { lineBreak: false });
      doc.restore();
    } finally {
      doc.page.margins.bottom = bottomMargin;
      state._wrapper = saved.wrapper;
      state._textOptions = saved.textOptions;
      state._font = saved.font;
      state._fontSize = saved.size;
      state._fillColor = saved.color;
      doc.x = saved.x;
      doc.y = saved.y;
    }
  }
}

export function fontStyleOf(run: Run): FontStyle {
  if (run.mono) return 'mono';
  if (run.bold && run.italic) return 'boldItalic';
  if (run.bold) return 'bold';
  if (run.italic) return 'italic';
  return 'regular';
}

/** Adjacent runs of one style become one (fewer, longer text calls), and text is made printable. */
function mergeRuns(runs: readonly Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const text = printable(run.text);
    if (!text) continue;
    const last = out[out.length - 1];
    if (last && fontStyleOf(last) === fontStyleOf(run) && last.link === run.link && Boolean(last.strike) === Boolean(run.strike)) {
      last.text += text;
    } else {
      out.push({ ...run, text });
    }
  }
  return out;
}

/** `text` cut with an ellipsis to fit `width`. */
export function fitText(text: string, width: number, measure: (s: string) => number): string {
  if (measure(text) <= width) return text;
  let cut = text.slice(0, 120);
  while (cut.length > 0 && measure(`${cut}…`) > width) cut = cut.slice(0, -1);
  return cut.length > 0 ? `${cut.trimEnd()}…` : '';
}

/** The pdfkit internals escapeXmpMetadata reaches: the XMP writer and the document's info. */
interface XmpInternals {
  info: Record<string, unknown>;
  _addInfo(): void;
  metadata: { getXML(): string; getLength(): number };
}

/**
 * pdfkit writes the document info (title, channel, ...) into the XMP metadata packet as raw text,
 * so a video title such as `</rdf:li><xmp:CreatorTool>...` would rewrite the metadata fields a
 * reader shows. The XMP gets XML-escaped copies; the Info dictionary (written before, as PDF
 * strings, which need no such care) keeps the real text. Its stream length is counted in bytes,
 * not UTF-16 units, so a non-ASCII title does not cut the packet short.
 */
function escapeXmpMetadata(doc: PDFKit.PDFDocument): void {
  const internals = doc as unknown as XmpInternals;
  const addInfo = internals._addInfo;
  internals._addInfo = function (this: XmpInternals) {
    const info = this.info;
    this.info = Object.fromEntries(Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? he.escape(value) : value]));
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
    const metadata = this.metadata;
    metadata.getLength = () => Buffer.byteLength(metadata.getXML(), 'utf8');
  };
}
