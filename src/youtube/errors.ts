/**
 * The ways a YouTube fetch can fail, as the rest of the service needs to tell them apart.
 *
 * - VIDEO_UNAVAILABLE: removed, private, age-gated or members-only. Retrying will not help.
 * - TRANSCRIPT_UNAVAILABLE: the video plays but has no captions we can read. Retrying will not help.
 * - SOURCE_UNAVAILABLE: a playlist or channel that is private, deleted or missing. Retrying will not help.
 * - SOURCE_BLOCKED: YouTube refused us (bot check, HTTP 429, captcha). A later attempt, or one
 *   from another address, may succeed.
 * - COMMENTS_UNAVAILABLE: the video's comments cannot be read (turned off, no comment section,
 *   an answer we cannot make sense of). Retrying will not help.
 * - TRANSIENT: network error, timeout or 5xx that survived one quick retry. Worth retrying later.
 *   `unreachable` tells the network-level failures (DNS, refused or reset connection, TLS,
 *   no answer in time) from YouTube answering badly (5xx, redirect loops, unusable answers).
 */
import { FINAL_SOURCE_FAILURES, type FinalSourceFailure } from '../domain/source-failures';

export type YouTubeFailureKind = FinalSourceFailure | 'SOURCE_UNAVAILABLE' | 'SOURCE_BLOCKED' | 'TRANSIENT';

const FINAL_KINDS: ReadonlySet<YouTubeFailureKind> = new Set([...FINAL_SOURCE_FAILURES, 'SOURCE_UNAVAILABLE']);

/**
 * A failure whose message is safe to show a client: it never carries URLs, query strings,
 * API keys or stack details, only a plain sentence about what YouTube said.
 */
export class YouTubeError extends Error {
  readonly kind: YouTubeFailureKind;
  /** True when no HTTP answer came back from YouTube at all. */
  readonly unreachable: boolean;

  constructor(kind: YouTubeFailureKind, message: string, options: { unreachable?: boolean } = {}) {
    super(message);
    this.name = 'YouTubeError';
    this.kind = kind;
    this.unreachable = options.unreachable ?? false;
  }

  /** True when asking again cannot change the answer, so the caller should not retry. */
  get final(): boolean {
    return FINAL_KINDS.has(this.kind);
  }
}
