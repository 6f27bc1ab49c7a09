/** Keeping transcript text literal inside the Markdown we write. */

const INLINE_SPECIALS = /([\\`*_[\]<>|])/g;
/** Line starts that Markdown would read as a heading, quote, list item or rule. */
const BLOCK_MARKER = /^(\s*)([#>+=-])(?=\s|$)/;
const ORDERED_MARKER = /^(\s*\d+)([.)])(?=\s|$)/;

/** Text that renders as itself: emphasis, links, HTML and block markers are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(INLINE_SPECIALS, '\\$1').replace(BLOCK_MARKER, '$1\\$2').replace(ORDERED_MARKER, '$1\\$2');
}
