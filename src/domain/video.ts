/** What we know about a video, independent of where it was fetched from. */

export interface Thumbnail {
  url: string;
  width: number;
  height: number;
}

/** A creator-defined chapter (YouTube derives these from timestamps in the description). */
export interface Chapter {
  /** Seconds from the start of the video. */
  start: number;
  title: string;
}

export interface VideoMetadata {
  videoId: string;
  title: string;
  channel: string;
  channelId: string | null;
  durationSeconds: number | null;
  /** ISO 8601 (UTC) or null when the platform does not say. */
  publishedAt: string | null;
  description: string;
  thumbnails: Thumbnail[];
  /** The largest thumbnail, for convenience. */
  thumbnailUrl: string | null;
  chapters: Chapter[];
  isLive: boolean;
  /** Default audio/caption language as reported by the platform, when known. */
  language: string | null;
}
