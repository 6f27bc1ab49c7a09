/**
 * Whisper reports the language it heard by name ("english") in OpenAI's verbose_json, by code
 * ("en") in most compatible servers. Its language list is fixed by its tokenizer
 * (openai/whisper, whisper/tokenizer.py: LANGUAGES and the TO_LANGUAGE_CODE aliases), so a table
 * turns either into the code the rest of the service uses.
 */
const WHISPER_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'english', zh: 'chinese', de: 'german', es: 'spanish', ru: 'russian', ko: 'korean', fr: 'french',
  ja: 'japanese', pt: 'portuguese', tr: 'turkish', pl: 'polish', ca: 'catalan', nl: 'dutch', ar: 'arabic',
  sv: 'swedish', it: 'italian', id: 'indonesian', hi: 'hindi', fi: 'finnish', vi: 'vietnamese', he: 'hebrew',
  uk: 'ukrainian', el: 'greek', ms: 'malay', cs: 'czech', ro: 'romanian', da: 'danish', hu: 'hungarian',
  ta: 'tamil', no: 'norwegian', th: 'thai', ur: 'urdu', hr: 'croatian', bg: 'bulgarian', lt: 'lithuanian',
  la: 'latin', mi: 'maori', ml: 'malayalam', cy: 'welsh', sk: 'slovak', te: 'telugu', fa: 'persian',
  lv: 'latvian', bn: 'bengali', sr: 'serbian', az: 'azerbaijani', sl: 'slovenian', kn: 'kannada',
  et: 'estonian', mk: 'macedonian', br: 'breton', eu: 'basque', is: 'icelandic', hy: 'armenian', ne: 'nepali',
  mn: 'mongolian', bs: 'bosnian', kk: 'kazakh', sq: 'albanian', sw: 'swahili', gl: 'galician', mr: 'marathi',
  pa: 'punjabi', si: 'sinhala', km: 'khmer', sn: 'shona', yo: 'yoruba', so: 'somali', af: 'afrikaans',
  oc: 'occitan', ka: 'georgian', be: 'belarusian', tg: 'tajik', sd: 'sindhi', gu: 'gujarati', am: 'amharic',
  yi: 'yiddish', lo: 'lao', uz: 'uzbek', fo: 'faroese', ht: 'haitian creole', ps: 'pashto', tk: 'turkmen',
  nn: 'nynorsk', mt: 'maltese', sa: 'sanskrit', lb: 'luxembourgish', my: 'myanmar', bo: 'tibetan',
  tl: 'tagalog', mg: 'malagasy', as: 'assamese', tt: 'tatar', haw: 'hawaiian', ln: 'lingala', ha: 'hausa',
  ba: 'bashkir', jw: 'javanese', su: 'sundanese', yue: 'cantonese',
};

const NAME_ALIASES: Readonly<Record<string, string>> = {
  burmese: 'my', valencian: 'ca', flemish: 'nl', haitian: 'ht', letzeburgesch: 'lb', pushto: 'ps',
  panjabi: 'pa', moldavian: 'ro', moldovan: 'ro', sinhalese: 'si', castilian: 'es', mandarin: 'zh',
};

/** Codes a request may carry (YouTube's older ones among them) that Whisper spells differently. */
const REQUEST_CODE_ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({ iw: 'he', in: 'id', ji: 'yi', jv: 'jw', nb: 'no', fil: 'tl' }));

/** Whisper's one code that is not the ISO 639-1 code the service reports. */
const REPORTED_CODE_FIXES: ReadonlyMap<string, string> = new Map([['jw', 'jv']]);

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(WHISPER_LANGUAGES).map(([code, name]) => [name, code] as const),
  ...Object.entries(NAME_ALIASES),
]);

/** "English", "english" or "en" -> "en"; a value Whisper does not know -> null. */
export function whisperLanguageCode(reported: string | null | undefined): string | null {
  const value = reported?.trim().toLowerCase();
  if (!value) return null;
  const code = Object.hasOwn(WHISPER_LANGUAGES, value) ? value : CODE_BY_NAME.get(value);
  return code ? (REPORTED_CODE_FIXES.get(code) ?? code) : null;
}

/**
 * The code to ask Whisper for, from a requested language such as "pt-BR": Whisper takes ISO 639-1
 * codes without region, and rejects the others, so those are left out (it then detects the language).
 */
export function whisperRequestLanguage(requested: string | undefined): string | undefined {
  const primary = requested?.trim().toLowerCase().split(/[-_]/)[0];
  const code = primary ? (REQUEST_CODE_ALIASES.get(primary) ?? primary) : undefined;
  return code && Object.hasOwn(WHISPER_LANGUAGES, code) ? code : undefined;
}
