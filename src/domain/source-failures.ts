/**
 * The video platform's answers that asking again cannot change: a video that is gone or restricted,
 * no captions to read, comments that cannot be read. Written down once for the YouTube client
 * (YouTubeError.final), the activities (which fail without retrying on them) and the workflows'
 * retry policies.
 */
export const FINAL_SOURCE_FAILURES = ['VIDEO_UNAVAILABLE', 'TRANSCRIPT_UNAVAILABLE', 'COMMENTS_UNAVAILABLE'] as const;

export type FinalSourceFailure = (typeof FINAL_SOURCE_FAILURES)[number];
