/**
 * Text written by viewers, made safe to store and serve (docs/api-behaviour.md#text-rules: text
 * from the platform is cleaned of NUL and unpaired surrogates): control characters other than line
 * breaks and tabs removed, line endings as "\n", lone surrogate halves replaced by U+FFFD, and the
 * whole trimmed. Line breaks inside a comment are kept; they are the writer's paragraphs.
 */

import { cleanPlatformText } from '../platform-text';

export function cleanCommentText(raw: string): string {
  return cleanPlatformText(raw)
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** A one-line field (author name, published time): every run of white space becomes one space. */
export function cleanCommentLine(raw: string): string {
  return cleanCommentText(raw).replace(/\s+/g, ' ');
}
