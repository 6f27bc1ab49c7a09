/**
 * Stop-word lists for languages other than English, from the `stopword` package.
 * English stop words come from the wink model instead (see english-lexicon.ts).
 */
import * as stopwordLists from 'stopword';

/** BCP-47 primary subtags (and a few regional variants) to the package's ISO 639-3 list names. */
const LIST_BY_LANGUAGE: Readonly<Record<string, string>> = {
  af: 'afr', ar: 'ara', bn: 'ben', br: 'bre', bg: 'bul', ca: 'cat', cs: 'ces', da: 'dan',
  de: 'deu', el: 'ell', eo: 'epo', et: 'est', eu: 'eus', fa: 'fas', fi: 'fin', fr: 'fra',
  ga: 'gle', gl: 'glg', gu: 'guj', ha: 'hau', he: 'heb', iw: 'heb', hi: 'hin', hr: 'hrv',
  hu: 'hun', hy: 'hye', id: 'ind', it: 'ita', ja: 'jpn', ko: 'kor', ku: 'kur', la: 'lat',
  lv: 'lav', lt: 'lit', mr: 'mar', ms: 'msa', my: 'mya', nl: 'nld', nb: 'nob', no: 'nob',
  pa: 'panGu', pl: 'pol', pt: 'por', 'pt-br': 'porBr', ro: 'ron', ru: 'rus', sk: 'slk',
  sl: 'slv', so: 'som', st: 'sot', es: 'spa', sw: 'swa', sv: 'swe', tl: 'tgl', fil: 'tgl',
  th: 'tha', tr: 'tur', uk: 'ukr', ur: 'urd', vi: 'vie', yo: 'yor', zh: 'zho', zu: 'zul',
};

const cache = new Map<string, ReadonlySet<string> | null>();

/** The stop words for a language code, or null when the package has no list for it. */
export function stopWordsFor(languageCode: string): ReadonlySet<string> | null {
  const code = languageCode.toLowerCase();
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  const primary = code.split(/[-_]/)[0] ?? code;
  const listName = LIST_BY_LANGUAGE[code] ?? LIST_BY_LANGUAGE[primary];
  const list = listName ? stopwordLists[listName] : undefined;
  const words = Array.isArray(list) ? new Set(list.map((w: string) => w.toLowerCase())) : null;
  cache.set(code, words);
  return words;
}

/**
 * English function words from the same package: comment sections are written in English far
 * more often than the videos they sit under, so comments are checked against these too.
 */
let english: ReadonlySet<string> | null = null;

export function englishStopWords(): ReadonlySet<string> {
  const list = stopwordLists.eng;
  english ??= new Set(Array.isArray(list) ? list.map((w: string) => w.toLowerCase()) : []);
  return english;
}
