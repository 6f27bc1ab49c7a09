/**
 * Removes what captions transcribe but nobody said as content: sound cues ("[Music]",
 * "(applause)"), lyrics between note signs, speaker-change marks (">>", "- ", "JOHN:") and
 * hesitation fillers. What is left is the spoken text, whitespace-normalised.
 */

const BRACKETED = /\[[^\]]*\]|\{[^}]*\}/g;
const SOUND_CUE_PARENS =
  /\((?:[^()]*\b(?:music|applause|laughter|laughing|laughs|inaudible|crosstalk|silence|cheering|cheers|noise|cough|coughs|coughing|sighs?|chuckles?|clapping|background)\b[^()]*)\)/gi;
/** "(LAUGHTER)", "(MUSIC PLAYING)": all-capital parentheses are cues, not speech. */
const CAPITAL_PARENS = /\((?=[^()]*\p{Lu})[^()\p{Ll}]*\)/gu;
const LYRICS = /[♪♫♬♩][^♪♫♬♩]*[♪♫♬♩]|[♪♫♬♩]/g;
const SPEAKER_CHEVRONS = /(?:^|\s)(?:>>|&gt;&gt;)+/g;
const LEADING_DASH = /^\s*[-–—]+\s+/;
const SPEAKER_LABEL = /^\s*\p{Lu}[\p{Lu}\d.'’ -]{1,30}:\s+/u;
const NUMBERED_SPEAKER = /^\s*speaker\s*\d+\s*:\s*/i;
const SPACE_BEFORE_PUNCTUATION = /\s+([,.;:!?…])/g;
const DANGLING_COMMAS = /(^|[\s(])[,;:]+(?=\s|$)|([,;:])(?:\s*[,;:])+/g;
const LEADING_PUNCTUATION = /^[\s,;:.…-]+/;
/** Words that disfluent speakers repeat ("the the", "i i"); repetition of others can be emphasis. */
const ENGLISH_STUTTER = /\b(i|the|a|an|and|to|we|you|it|so|is|of|in|on|that's|it's|i'm|this)(?:\s+\1\b)+/gi;

export interface NoiseRules {
  readonly fillers: RegExp;
  readonly collapseEnglishStutter: boolean;
}

export function noiseRules(fillers: readonly string[], isEnglish: boolean): NoiseRules {
  const alternatives = [...fillers]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
    .join('|');
  // Unicode-aware word edges (\b is ASCII-only): a filler stands between spaces or punctuation.
  const pattern = new RegExp(`(^|[\\s,;:.!?¿¡"“”(])(?:${alternatives})(?=$|[\\s,;:.!?…"“”)])(?:\\s*,)?`, 'giu');
  return { fillers: pattern, collapseEnglishStutter: isEnglish };
}

/** The speech in one caption segment; may be empty when the segment was only noise. */
export function cleanCaptionText(text: string, rules: NoiseRules): string {
  let out = text
    .replace(BRACKETED, ' ')
    .replace(SOUND_CUE_PARENS, ' ')
    .replace(CAPITAL_PARENS, ' ')
    .replace(LYRICS, ' ')
    .replace(SPEAKER_CHEVRONS, ' ')
    .replace(LEADING_DASH, '')
    .replace(SPEAKER_LABEL, '')
    .replace(NUMBERED_SPEAKER, '');
  out = out.replace(rules.fillers, '$1');
  if (rules.collapseEnglishStutter) out = out.replace(ENGLISH_STUTTER, '$1');
  return out
    .replace(/\s+/g, ' ')
    .replace(SPACE_BEFORE_PUNCTUATION, '$1')
    .replace(DANGLING_COMMAS, (_m, lead: string | undefined, mark: string | undefined) => (mark ? mark : (lead ?? '')))
    .replace(LEADING_PUNCTUATION, '')
    .trim();
}
