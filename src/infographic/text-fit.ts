/**
 * Measuring, wrapping and cutting text the way the renderer will lay it out, so the layout model
 * knows each text's line count (and so the image's height) before anything is drawn, and long
 * texts are cut at a known line with an ellipsis instead of running out of their box.
 *
 * Lines break at spaces and between ideographs (CJK); a word wider than the whole line is broken
 * between characters, as `overflow-wrap: break-word` does. Widths come from the font's advance
 * widths without kerning, which only ever narrows text, and lines are filled to a little less
 * than the box: the model may count a line more than the renderer needs, never one less.
 */
import { faceMetrics } from './fonts';
import type { TextStyle } from './theme';

export const ELLIPSIS = '…';
/** Model lines this much narrower than the box, px. */
const SAFETY = 2;
/** Cut at a word boundary when that keeps at least this share of the last line. */
const WORD_CUT_SHARE = 0.6;

/**
 * Text as it may be drawn: control characters, zero-width and bidi marks dropped, lone
 * surrogates replaced, runs of white space (newlines too) folded into one space.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** What a style draws for a text: upper-cased when the style says so. */
export function styled(text: string, style: TextStyle): string {
  return style.uppercase ? text.toUpperCase() : text;
}

export function textWidth(text: string, style: TextStyle): number {
  const metrics = faceMetrics(style.face);
  const scale = style.size / metrics.unitsPerEm;
  const spacing = style.letterSpacing ?? 0;
  let width = 0;
  for (const char of text) width += metrics.advance(char.codePointAt(0) ?? 0) * scale + spacing;
  return width;
}

/** Characters of scripts written without spaces, where a line may break before or after any of them. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]/u;

interface Unit {
  /** [start, end) in the text. */
  start: number;
  end: number;
  /** A space follows (the break after it is at a space). */
  spaceAfter: boolean;
}

/** The pieces a line may break between. */
function breakUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let start = -1;
  let index = 0;
  const close = (end: number, spaceAfter: boolean) => {
    if (start >= 0) units.push({ start, end, spaceAfter });
    start = -1;
  };
  for (const char of text) {
    if (char === ' ') {
      close(index, true);
      const last = units[units.length - 1];
      if (last) last.spaceAfter = true;
    } else if (IDEOGRAPHIC.test(char)) {
      close(index, false);
      units.push({ start: index, end: index + char.length, spaceAfter: false });
    } else if (start < 0) {
      start = index;
    }
    index += char.length;
  }
  close(index, false);
  return units;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A line: [start, end) in the text, trailing space excluded. */
export interface LineSpan {
  start: number;
  end: number;
}

/** The lines a text takes in a box `width` px wide (clean the text first). */
export function wrapLines(text: string, style: TextStyle, width: number): LineSpan[] {
  const limit = Math.max(1, width - SAFETY);
  const space = textWidth(' ', style);
  const lines: LineSpan[] = [];
  let line: LineSpan | null = null;
  let lineWidth = 0;
  let pendingSpace = false;
  for (const unit of breakUnits(text)) {
    const word = text.slice(unit.start, unit.end);
    const wordWidth = textWidth(word, style);
    const gap = pendingSpace ? space : 0;
    if (line && lineWidth + gap + wordWidth <= limit) {
      line.end = unit.end;
      lineWidth += gap + wordWidth;
    } else if (wordWidth <= limit) {
      if (line) lines.push(line);
      line = { start: unit.start, end: unit.end };
      lineWidth = wordWidth;
    } else {
      // Wider than the box: fill the lines grapheme by grapheme.
      if (line) lines.push(line);
      line = null;
      let at = unit.start;
      for (const { segment } of graphemes.segment(word)) {
        const w = textWidth(segment, style);
        if (line && lineWidth + w <= limit) {
          line.end = at + segment.length;
          lineWidth += w;
        } else {
          if (line) lines.push(line);
          line = { start: at, end: at + segment.length };
          lineWidth = w;
        }
        at += segment.length;
      }
    }
    pendingSpace = unit.spaceAfter;
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  /** What to draw: the text, or its first lines ending in an ellipsis. */
  text: string;
  /** Lines it takes (0 for no text). */
  lines: number;
  /** Something was cut off. */
  cut: boolean;
}

/**
 * The text in at most `maxLines` lines of a box `width` px wide: whole when it fits, else cut at
 * the end of the last line (after a word when that keeps most of the line) with an ellipsis.
 */
export function fitText(raw: string, style: TextStyle, width: number, maxLines: number): FittedText {
  const text = styled(cleanText(raw), style);
  if (text === '' || maxLines <= 0) return { text: '', lines: 0, cut: text !== '' };
  const lines = wrapLines(text, style, width);
  if (lines.length <= maxLines) return { text, lines: lines.length, cut: false };
  const last = lines[maxLines - 1]!;
  let cut = ellipsize(text, last, style, width);
  // The cut text has to wrap the same way; shorten further in the rare case it does not.
  while (wrapLines(cut, style, width).length > maxLines && cut.length > last.start + ELLIPSIS.length) {
    const body = cut.slice(0, -ELLIPSIS.length);
    cut = trimEnd(dropLastGrapheme(body)) + ELLIPSIS;
  }
  return { text: cut, lines: Math.min(maxLines, wrapLines(cut, style, width).length), cut: true };
}

/** The text up to the end of `line`, shortened until the line with an ellipsis fits. */
function ellipsize(text: string, line: LineSpan, style: TextStyle, width: number): string {
  const limit = Math.max(1, width - SAFETY);
  const head = text.slice(0, line.start);
  const lineText = text.slice(line.start, line.end);
  const ellipsisWidth = textWidth(ELLIPSIS, style);
  const fullWidth = textWidth(lineText, style);
  // The line ends where a word does: the whole line, if the ellipsis fits after it.
  if (fullWidth + ellipsisWidth <= limit && trimEnd(lineText) !== '') return head + trimEnd(lineText) + ELLIPSIS;
  // After a whole word, if that keeps enough of the line.
  const wordEnd = lineText.lastIndexOf(' ');
  if (wordEnd > 0) {
    const kept = trimEnd(lineText.slice(0, wordEnd));
    const keptWidth = textWidth(kept, style);
    if (kept !== '' && keptWidth + ellipsisWidth <= limit && keptWidth >= fullWidth * WORD_CUT_SHARE) return head + kept + ELLIPSIS;
  }
  let kept = lineText;
  while (kept !== '' && textWidth(trimEnd(kept), style) + ellipsisWidth > limit) kept = dropLastGrapheme(kept);
  kept = trimEnd(kept);
  return (kept === '' ? trimEnd(head) : head + kept) + ELLIPSIS;
}

function dropLastGrapheme(text: string): string {
  let lastStart = 0;
  for (const { index } of graphemes.segment(text)) lastStart = index;
  return text.slice(0, lastStart);
}

/** Without trailing spaces and the punctuation an ellipsis replaces. */
function trimEnd(text: string): string {
  return text.replace(/[\s,;:.·•…–—-]+$/u, '');
}

/** One line, cut with an ellipsis when it does not fit. */
export function fitLine(raw: string, style: TextStyle, width: number): FittedText {
  return fitText(raw, style, width, 1);
}

/** At most `max` characters (code points), cut after a word when one ends near the limit, with an ellipsis. */
export function capChars(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, Math.max(1, max - 1)).join('');
  const space = head.lastIndexOf(' ');
  const kept = space >= head.length * 0.7 ? head.slice(0, space) : head;
  return trimEnd(kept) + ELLIPSIS;
}
