/** Keeping transcript text literal inside the Markdown we write. */

const INLINE_SPECIALS = /([\\`*_[\]<>|])/g;
/** Line starts that Markdown would read as a heading, quote, list item or rule. */
const BLOCK_MARKER = /^(\s*)([#>+=-])(?=\s|$)/;
const ORDERED_MARKER = /^(\s*\d+)([.)])(?=\s|$)/;

/** Text that renders as itself: emphasis, links, HTML and block markers are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(INLINE_SPECIALS, '\\$1').replace(BLOCK_MARKER, '$1\\$2').replace(ORDERED_MARKER, '$1\\$2');
}

/** "https://", "ftp://", "HTTP://": a scheme a GFM renderer would turn into a link. */
const URL_SCHEME = /\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi;
const WWW_PREFIX = /\b(www)\./gi;
/** The "@" of an address ("name@example.com"), not a handle ("@name"). */
const ADDRESS_AT = /(?<=[\p{L}\p{N}._%+-])@/gu;

/**
 * Text from people other than the creator (viewers' comments), printed literally: what
 * escapeMarkdown does, line breaks folded into spaces so nothing can start a block of its own,
 * and URLs and e-mail addresses kept from becoming autolinks.
 */
export function escapeUntrustedMarkdown(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return escapeMarkdown(flat).replace(URL_SCHEME, '$1\\:').replace(WWW_PREFIX, '$1\\.').replace(ADDRESS_AT, '\\@');
}
