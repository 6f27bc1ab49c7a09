/** A video's top comments through InnerTube (POST /youtubei/v1/next), in both of YouTube's shapes. */
export { fetchComments, maxPages } from './fetch-comments';
export { findCommentsEntry, readCommentsPage, type CommentsEntry, type CommentsPage, type SortChoice } from './comment-page';
export { cleanCommentLine, cleanCommentText } from './comment-text';
export { parseCount } from './count-text';
