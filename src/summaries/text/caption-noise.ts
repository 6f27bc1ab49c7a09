/**
 * What captions transcribe but nobody said as content. Markup-like noise — sound cues
 * ("[Music]", "(applause)"), lyrics between note signs, speaker marks (">>", "- ", "JOHN:") —
 * is removed from a segment's text. Disfluencies — hesitation fillers ("um", "uh") and
 * stuttered function words ("the the") — are judged per distinct word as the word stream is
 * built, which costs nothing per occurrence on long transcripts.
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
const LEADING_PUNCTUATION = /^[\s,;:.…-]+/;
/** Characters without which none of the markup above can be present: most auto-captions skip all the work. */
const MAY_HAVE_MARKUP = /[[\]{}()♪♫♬♩>&:\-–—]/;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** A segment's text without markup-like noise, whitespace-normalised; may be empty. */
export function cleanCaptionText(text: string): string {
  if (!MAY_HAVE_MARKUP.test(text)) return text.trim();
  return text
    .replace(BRACKETED, ' ')
    .replace(SOUND_CUE_PARENS, ' ')
    .replace(CAPITAL_PARENS, ' ')
    .replace(LYRICS, ' ')
    .replace(SPEAKER_CHEVRONS, ' ')
    .replace(LEADING_DASH, '')
    .replace(SPEAKER_LABEL, '')
    .replace(NUMBERED_SPEAKER, '')
    .replace(/\s+/g, ' ')
    .replace(SPACE_BEFORE_PUNCTUATION, '$1')
    .replace(LEADING_PUNCTUATION, '')
    .trim();
}

export interface DisfluencyRules {
  /** A hesitation sound ("um", "Uh,"), to be dropped. */
  isFiller(word: string): boolean;
  /** A word whose immediate repetition is a stutter, not emphasis. */
  isStutterProne(word: string): boolean;
}

/** Function words that disfluent English speakers repeat ("the the", "i i"); repeating others can be emphasis. */
const ENGLISH_STUTTER_PRONE = new Set(['i', 'the', 'a', 'an', 'and', 'to', 'we', 'you', 'it', 'so', 'is', 'of', 'in', 'on', "that's", "it's", "i'm", 'this']);

export function disfluencyRules(fillers: readonly string[], isEnglish: boolean): DisfluencyRules {
  const fillerSet = new Set(fillers.map((f) => f.toLowerCase()));
  const bare = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(EDGE_PUNCTUATION, '');
  return {
    isFiller: (word) => fillerSet.has(bare(word)),
    isStutterProne: (word) => isEnglish && ENGLISH_STUTTER_PRONE.has(bare(word)),
  };
}
