/**
 * A local fake of YouTube for tests and benchmarks. Point the service's YOUTUBE_BASE_URL at
 * `startFakeYouTube().baseUrl`; use the ids from ./catalog for the built-in situations, or any
 * "gen..." id for a synthesised video.
 */
export {
  FAKE_INNERTUBE_API_KEY,
  FAKE_PLAYLIST_OWNER,
  startFakeYouTube,
  type FakeRequestRecord,
  type FakeYouTube,
  type StartFakeYouTubeOptions,
} from './server';
export * from './catalog';
export { fakeListEntries, type FakeChannel, type FakeListEntry, type FakePlaylist, type FakeUnplayableEntry } from './sources';
export {
  FAKE_CREATOR_COMMENT_INDEX,
  FAKE_MESSY_COMMENT_INDEX,
  fakeComment,
  fakeComments,
  fakeCommentSettings,
  shownCount,
  type FakeComment,
} from './comments';
export type * from './model';
