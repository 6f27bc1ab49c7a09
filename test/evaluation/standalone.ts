/**
 * How many summary sentences fail to stand alone, read from how they open, and whether a tl;dr
 * carries chatter. The lists are the evaluation's own, kept apart from the engine's lexicons so
 * the engine cannot pass by construction.
 *
 * A sentence dangles when its first words only make sense after a sentence the reader was not
 * shown:
 * - coordinating and continuing connectives ("and", "but", "or", "so", "nor", "plus", "then",
 *   "also", "too", "as well"): they join to a previous clause;
 * - subordinators that open a dependent clause without a main one before it ("because",
 *   "since", "which", "whereas", "whereby", "cause"): the sentence is a fragment;
 * - adverbs that point back ("namely", "again", "however", "therefore", "thus", "hence",
 *   "otherwise", "anyway", "besides", "meanwhile", "likewise", "similarly", "moreover",
 *   "furthermore", "in that case", "that way", "in other words", "for example", "for
 *   instance", and "instead," and "still," with their comma, since "Instead of X, Y" and "Still
 *   images…" stand alone): they refer to or contrast with what came before;
 * - spoken attention-getters that address someone present ("see,", "look,", "listen,",
 *   "right,", "okay,", "well,", "mind you", "you know", "you see", "I mean", "like I said",
 *   "as I said", "I'm just saying", "you can, if you want", "believe me",
 *   "trust me"): second-person or speaker asides, which are conversation, not content.
 * Pronouns ("it", "this") are not counted: they may dangle, but "This design costs less" often
 * stands on its own, and the list would then measure a guess.
 */

const DANGLING_OPENERS = [
  'and', 'but', 'or', 'so', 'nor', 'plus', 'then', 'also', 'too', 'as well',
  'because', 'since', 'which', 'whereas', 'whereby', 'cause',
  'namely', 'again', 'however', 'therefore', 'thus', 'hence', 'otherwise', 'anyway',
  'besides', 'meanwhile', 'likewise', 'similarly', 'moreover', 'furthermore',
  'in that case', 'that way', 'in other words', 'for example', 'for instance',
  'mind you', 'you know', 'you see', 'i mean', 'like i said', 'as i said', "i'm just saying",
  'you can, if you want', 'believe me', 'trust me',
];

/** Words that only dangle when set off by a comma ("See, while…" but not "See the chart"). */
const COMMA_ASIDES = ['see', 'look', 'listen', 'right', 'okay', 'ok', 'well', 'now', 'instead', 'still'];

function normalise(sentence: string): string {
  return sentence.replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, '$1').replace(/^[\s"'“‘(*-]+/, '').toLowerCase().replace(/[’]/g, "'");
}

export function opensDangling(sentence: string): boolean {
  const text = normalise(sentence);
  if (DANGLING_OPENERS.some((opener) => text.startsWith(opener) && /^(?:$|[\s,;:.!?])/.test(text.slice(opener.length)))) return true;
  return COMMA_ASIDES.some((word) => text.startsWith(`${word},`));
}

/**
 * Chatter: talk about the talk rather than its content. Greetings and sign-offs, thanks,
 * sponsor and channel lines, and the speaker narrating their own next move ("let me…").
 */
const CHATTER = [
  /^(hi|hello|hey|good (morning|afternoon|evening)|welcome)\b/,
  /\b(thanks|thank you) (so much |very much )?(for (watching|listening|coming|joining))\b/,
  /^(thanks|thank you)\b/,
  /\b(sponsor(ed)?|brought to you by|promo code|discount code|subscribe|like and subscribe)\b/,
  /^let me\b/,
  /^(bye|goodbye|see you)\b/,
];

export function isChatter(sentence: string): boolean {
  const text = normalise(sentence);
  return CHATTER.some((pattern) => pattern.test(text));
}

/** The sentences of a printed summary: headings and list marks off, split after final marks. */
export function summarySentences(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/^\s*[-*]\s+/, ''))
    .flatMap((line) => line.split(/(?<=[.!?]["'”’)]*)\s+(?=["'“‘(]*[\p{Lu}\d])/u))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
