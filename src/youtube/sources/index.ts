/** Playlists and channels: their pages and browse continuations, and their Atom feeds. */
export { readSource, MAX_CONTINUATION_PAGES, type SourceListing } from './read-source';
export { readFeed, parseFeed, feedRefOf, type FeedRef, type FeedVideo } from './feed';
export type { ListedVideo } from './list-entries';
