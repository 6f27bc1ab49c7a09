import { YouTubeError } from './errors';
import type { HttpSession } from './http-session';
import { FALLBACK_CLIENTS } from './innertube-clients';
import { judgePlayability } from './playability';
import { at, isResponseFor } from './player-response';
import { requestPlayer, type SessionHints } from './player-request';
import { loadWatchPage, type WatchPage, type WebClientHints } from './watch-page';

export interface PlayableResponse {
  /** InnerTube client name that produced it ("WEB" for the watch page). */
  client: string;
  response: unknown;
  /** The watch page it came from, for the WEB client's response. */
  page?: WatchPage;
}

/**
 * Player responses for one video from one client after another: the watch page first, then
 * the apps in FALLBACK_CLIENTS. Only playable responses are yielded, lazily, so a caller that
 * is satisfied by the first one makes no further requests.
 *
 * A refusal that belongs to the video (removed, private, members-only) ends the sequence at
 * once with VIDEO_UNAVAILABLE. A bot check or a refusal that may belong to the client is noted
 * and the next client asked. TRANSIENT failures end the sequence: the caller retries later.
 * When the sequence runs dry without a playable response, `exhaustedError()` says why.
 *
 * `afterPage`: the hints of a watch page an earlier step of the job read (src/youtube/watch-handover.ts);
 * the page is not fetched again and the sequence starts with the apps.
 */
export class PlayerSources {
  private readonly unavailableReasons: string[] = [];
  private blockedCount = 0;

  constructor(
    private readonly session: HttpSession,
    private readonly videoId: string,
    private readonly afterPage?: WebClientHints,
  ) {}

  async *playable(): AsyncGenerator<PlayableResponse> {
    const hints: SessionHints = { apiKey: this.afterPage?.apiKey ?? null, visitorData: this.afterPage?.visitorData ?? null };

    const page = this.afterPage ? undefined : await this.unlessBlocked(() => loadWatchPage(this.session, this.videoId));
    if (page) {
      hints.apiKey = page.apiKey;
      hints.visitorData = page.visitorData;
      if (page.playerResponse !== null && this.accept(page.playerResponse)) {
        yield { client: 'WEB', response: page.playerResponse, page };
      }
    }

    for (const client of FALLBACK_CLIENTS) {
      const response = await this.unlessBlocked(() => requestPlayer(this.session, client, this.videoId, hints));
      if (response !== null && response !== undefined && this.accept(response)) {
        yield { client: client.clientName, response };
      }
    }
  }

  exhaustedError(): YouTubeError {
    const reason = this.unavailableReasons[0];
    if (reason !== undefined) return new YouTubeError('VIDEO_UNAVAILABLE', reason);
    if (this.blockedCount > 0) {
      return new YouTubeError('SOURCE_BLOCKED', 'YouTube refused every client we tried (bot check or rate limit)');
    }
    return new YouTubeError('TRANSIENT', 'YouTube returned no usable player response');
  }

  /** True when the response is playable; throws when it proves the video unavailable. */
  private accept(response: unknown): boolean {
    if (!isResponseFor(response, this.videoId)) return false;
    const verdict = judgePlayability(response);
    switch (verdict.kind) {
      case 'playable':
        return typeof at(response, 'videoDetails') === 'object';
      case 'blocked':
        this.blockedCount++;
        return false;
      case 'unavailable':
        if (verdict.final) throw new YouTubeError('VIDEO_UNAVAILABLE', verdict.reason);
        this.unavailableReasons.push(verdict.reason);
        return false;
    }
  }

  /** Runs one client's request; a block is noted and turns into undefined, anything else throws. */
  private async unlessBlocked<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof YouTubeError && error.kind === 'SOURCE_BLOCKED') {
        this.blockedCount++;
        return undefined;
      }
      throw error;
    }
  }
}
