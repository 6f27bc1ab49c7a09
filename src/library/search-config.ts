/**
 * The Postgres text search configuration for a transcript's language: the stemmer and stop
 * words of that language where Postgres ships them, else 'simple' (lower-cased words as they are).
 */
const CONFIG_BY_LANGUAGE: Readonly<Record<string, string>> = {
  ar: 'arabic',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

export const FALLBACK_SEARCH_CONFIG = 'simple';

/** 'en', 'en-US', 'pt-BR' → the configuration of the language's primary subtag. */
export function searchConfigFor(language: string | null | undefined): string {
  const primary = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return CONFIG_BY_LANGUAGE[primary] ?? FALLBACK_SEARCH_CONFIG;
}

/** Every configuration a passage can be indexed with, for checking a stored name before it reaches SQL. */
export const SEARCH_CONFIGS: ReadonlySet<string> = new Set([...Object.values(CONFIG_BY_LANGUAGE), FALLBACK_SEARCH_CONFIG]);
