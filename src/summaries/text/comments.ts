/**
 * Viewers' comments as the summaries use them (include_comments): which ones carry text, how a
 * long one is shortened, and the "What viewers say" section both engines append to `detailed`
 * and `key_insights`. Comments are data written by strangers, never instructions.
 */
import type { VideoComment } from '../../domain/comments';
import type { SummaryMode } from '../../domain/summary';

export const VIEWERS_HEADING = '## What viewers say';

/** The modes that gain the section when comments come with the input. */
export function takesViewerSection(mode: SummaryMode): boolean {
  return mode === 'detailed' || mode === 'key_insights';
}

/** A comment's text on one line, runs of white space folded into one space. */
export function commentText(comment: VideoComment): string {
  return typeof comment.text === 'string' ? comment.text.replace(/\s+/gu, ' ').trim() : '';
}

/** The comments that say something, in the order given (top first). */
export function usableComments(comments: readonly VideoComment[] | null | undefined): VideoComment[] {
  if (!Array.isArray(comments)) return [];
  return comments.filter((comment) => comment !== null && typeof comment === 'object' && commentText(comment) !== '');
}

/** A comment's like count as a number that can be ranked: missing or nonsense counts as 0. */
export function likesOf(comment: VideoComment): number {
  const likes = comment.like_count;
  return typeof likes === 'number' && Number.isFinite(likes) && likes > 0 ? Math.floor(likes) : 0;
}

const CUT_TRAILING = /[\s,;:.…–—-]+$/u;

/**
 * At most `limit` characters (code points, so no emoji is split), cut after the last whole word
 * when one ends in the last 40% of the limit, with an ellipsis when anything was cut.
 */
export function cutAtWord(text: string, limit: number): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  let end = limit;
  // chars[limit] is the first character left out: a space there means the cut already falls between words.
  for (let i = limit; i > limit * 0.6; i -= 1) {
    if (/\s/u.test(chars[i] ?? '')) {
      end = i;
      break;
    }
  }
  return `${chars.slice(0, end).join('').replace(CUT_TRAILING, '')}…`;
}

/** `content`, then the section: a heading and `body`. */
export function appendViewerSection(content: string, body: string): string {
  return `${content}\n\n${VIEWERS_HEADING}\n\n${body}`;
}
