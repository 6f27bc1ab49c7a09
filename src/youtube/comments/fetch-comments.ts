import type { VideoComment, VideoComments } from '../../domain/comments';
import { YouTubeError } from '../errors';
import type { HttpSession } from '../http-session';
import { judgePlayability } from '../playability';
import { findCommentsEntry, readCommentsPage, type CommentsEntry, type CommentsPage } from './comment-page';
import { requestNext } from './next-request';
import type { WebClientHints } from '../watch-page';
import { loadWatchData } from './watch-data';
import type { WatchHandover } from '../watch-handover';

/**
 * A video's top comments, the way the web client reads them:
 *
 * 1. The watch page's ytInitialData holds the comment section's continuation (or the message
 *    shown instead of comments); a job's metadata step hands it over (`handed`). Without a
 *    readable page, POST /youtubei/v1/next {videoId} answers the same data.
 * 2. POST /next with that continuation gives the first page: a header with the sort menu and,
 *    usually, the first threads. Unless the menu shows "Top comments" selected already (YouTube's
 *    default), the first page of that item's token is asked for and read instead.
 * 3. Each page ends with a continuationItemRenderer whose token is the next page; pages are read
 *    until `limit` comments are in hand or there are no more. A repeated token ends the reading,
 *    and so does a cap on pages, so a looping continuation cannot keep us asking forever.
 *
 * Failures: comments turned off or no comment section → COMMENTS_UNAVAILABLE; a first page we
 * cannot read → COMMENTS_UNAVAILABLE; 403, 429 and captchas → SOURCE_BLOCKED; an unavailable video →
 * VIDEO_UNAVAILABLE; network trouble and 5xx → TRANSIENT (from the session). A later page that
 * cannot be read ends the reading with what we have.
 */
export async function fetchComments(session: HttpSession, videoId: string, limit: number, handed: WatchHandover | null = null): Promise<VideoComments> {
  const { entry, hints } = handed?.comments ? { entry: handed.comments, hints: handed.hints } : await readWatchPage(session, videoId);
  const token = startToken(entry.kind === 'none' ? findCommentsEntry(await requestNext(session, hints, { videoId })) : entry);

  const reader = new PageReader(session, hints, maxPages(limit));
  let page = firstPage(await reader.read(token));
  const sort = page.sort;
  if (sort?.topToken && !sort.topSelected && reader.unseen(sort.topToken)) {
    page = firstPage(await reader.read(sort.topToken));
  }

  const collected = new CommentCollector(limit);
  collected.add(page.comments);
  while (!collected.full && page.next && reader.canRead(page.next)) {
    page = await reader.read(page.next);
    if (!page.recognised) break;
    collected.add(page.comments);
  }
  return collected.result();
}

/**
 * The comment section's start on the watch page. The job's metadata step hands it over instead
 * (src/youtube/watch-handover.ts), from a page whose player response was playable, so a missing
 * section needs no judging there.
 */
async function readWatchPage(session: HttpSession, videoId: string): Promise<{ entry: CommentsEntry; hints: WebClientHints }> {
  const watch = await loadWatchData(session, videoId);
  const entry = findCommentsEntry(watch.initialData);
  if (entry.kind === 'none') judgeMissingSection(watch.playerResponse());
  return { entry, hints: watch.hints };
}

/** Pages one call may read: enough for `limit` at ten a page (YouTube sends about twenty), and some. */
export function maxPages(limit: number): number {
  return Math.ceil(limit / 10) + 5;
}

function startToken(entry: CommentsEntry): string {
  switch (entry.kind) {
    case 'continuation':
      return entry.token;
    case 'turned-off':
      throw new YouTubeError('COMMENTS_UNAVAILABLE', turnedOffMessage(entry.message));
    case 'none':
      throw new YouTubeError('COMMENTS_UNAVAILABLE', 'YouTube shows no comment section for this video');
  }
}

/**
 * A page without a comment section may be a page YouTube would not play for us: a bot check is
 * a block (another route may get through), a removed or private video is unavailable.
 */
function judgeMissingSection(playerResponse: unknown): void {
  if (playerResponse === null) return;
  const verdict = judgePlayability(playerResponse);
  if (verdict.kind === 'blocked') throw new YouTubeError('SOURCE_BLOCKED', verdict.reason);
  if (verdict.kind === 'unavailable' && verdict.final) throw new YouTubeError('VIDEO_UNAVAILABLE', verdict.reason);
}

/** The first page of a sort must be a comments page, and must not say comments are off. */
function firstPage(page: CommentsPage): CommentsPage {
  if (page.message !== null && page.comments.length === 0) {
    throw new YouTubeError('COMMENTS_UNAVAILABLE', turnedOffMessage(page.message));
  }
  if (!page.recognised || (page.comments.length === 0 && page.unreadable > 0)) {
    throw new YouTubeError('COMMENTS_UNAVAILABLE', 'The comments could not be read');
  }
  return page;
}

function turnedOffMessage(shown: string): string {
  const said = shown.replace(/\s*Learn more\s*$/i, '').trim();
  if (said === '' || /turned off|disabled/i.test(said)) return 'Comments are turned off for this video';
  return `Comments are not available for this video (YouTube says: "${said}")`;
}

/** Reads pages, counting them and remembering every token asked for. */
class PageReader {
  private readonly asked = new Set<string>();

  constructor(
    private readonly session: HttpSession,
    private readonly hints: WebClientHints,
    private readonly pageCap: number,
  ) {}

  unseen(token: string): boolean {
    return !this.asked.has(token);
  }

  canRead(token: string): boolean {
    return this.unseen(token) && this.asked.size < this.pageCap;
  }

  async read(token: string): Promise<CommentsPage> {
    this.asked.add(token);
    return readCommentsPage(await requestNext(this.session, this.hints, { continuation: token }));
  }
}

/** Comments in order, each once (a continuation that repeats itself may send a thread twice). */
class CommentCollector {
  private readonly byId = new Map<string, VideoComment>();

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.byId.size >= this.limit;
  }

  add(comments: VideoComment[]): void {
    for (const comment of comments) {
      if (this.full) return;
      if (!this.byId.has(comment.comment_id)) this.byId.set(comment.comment_id, comment);
    }
  }

  result(): VideoComments {
    const items = [...this.byId.values()];
    return { fetched: items.length, items };
  }
}
