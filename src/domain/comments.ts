/** A video's top comments as the result carries them (docs/api-behaviour.md#comments). */

export interface VideoComment {
  comment_id: string;
  author: string;
  text: string;
  like_count: number;
  reply_count: number;
  /** As the platform shows it ("2 years ago"), not a date: the platform gives no more. */
  published: string;
  is_pinned: boolean;
  /** Written by the video's own channel. */
  is_creator: boolean;
}

export interface VideoComments {
  /** How many were read, the length of `items`. */
  fetched: number;
  /** Top comments first. */
  items: VideoComment[];
}

/** COMMENTS_LIMIT's default: how many comments a job reads at most. */
export const DEFAULT_COMMENTS_LIMIT = 100;
