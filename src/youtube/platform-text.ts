/**
 * Text from YouTube is written by whoever uploads or comments, so it may hold anything a JSON
 * string can: a NUL, which Postgres refuses to store, or half of a surrogate pair, which is not
 * Unicode at all. Either made every job for such a video fail. Text from the platform is
 * cleaned before it is stored (docs/api-behaviour.md#text-rules).
 */

/** C0 controls except tab and line feed (carriage returns are turned into line feeds first), DEL and C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Cheap first look: most text has nothing to clean, and a long transcript is many strings. */
const NEEDS_CLEANING = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uD800-\uDFFF]/;

/**
 * Controls removed (line breaks kept, as "\n"), unpaired surrogates replaced by U+FFFD. Nothing
 * else changes: each kind of text keeps its own rules for white space and markup.
 */
export function cleanPlatformText(raw: string): string {
  if (!NEEDS_CLEANING.test(raw)) return raw;
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * The same, for every string in a value parsed from YouTube (metadata, a transcript, comments):
 * applied once where the client hands its results to the rest of the service, so a field added
 * later is covered without anyone remembering to. Copies only what changes: a clean 10 MB
 * transcript comes back as it went in.
 */
export function cleanPlatformStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanPlatformText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const cleaned = cleanPlatformStrings(value[index]);
      if (cleaned !== value[index]) (copy ??= [...value])[index] = cleaned;
    }
    return (copy ?? value) as T;
  }
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(fields)) {
    const cleaned = cleanPlatformStrings(fields[key]);
    if (cleaned !== fields[key]) (copy ??= { ...fields })[key] = cleaned;
  }
  return (copy ?? value) as T;
}
