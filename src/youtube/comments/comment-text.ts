/**
 * Text written by viewers, made safe to store and serve (contract section 1: text from the
 * platform is cleaned of NUL and unpaired surrogates): control characters other than line breaks
 * and tabs removed, line endings as "\n", lone surrogate halves replaced by U+FFFD, and the
 * whole trimmed. Line breaks inside a comment are kept; they are the writer's paragraphs.
 */

/** C0 and C1 controls except tab and line feed; carriage returns are handled before. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanCommentText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** A one-line field (author name, published time): every run of white space becomes one space. */
export function cleanCommentLine(raw: string): string {
  return cleanCommentText(raw).replace(/\s+/g, ' ');
}
