/**
 * Counts as YouTube displays them: "1.2K", "3M", "12", "1,234", and, when an answer comes in
 * another language than the hl=en we ask for, "1,2 k", "1,2 Mio.", "1.2万", "3 mil", "12 тыс.".
 * An empty text is how YouTube shows zero.
 */

/** Multipliers by the word or sign that follows the number, longest spellings first within each. */
const MULTIPLIERS: ReadonlyArray<readonly [string, number]> = [
  // Spanish "mil millones" is a billion; "mil" alone (Spanish, Portuguese) a thousand.
  ['mil millones', 1e9],
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
  ['millones', 1e6],
  ['millón', 1e6],
  ['milhões', 1e6],
  ['milhão', 1e6],
  ['crore', 1e7],
  ['lakh', 1e5],
  ['mrd', 1e9], // German Milliarden
  ['mld', 1e9], // Polish, Italian miliardy / miliardi
  ['mln', 1e6], // Polish, Dutch, Italian
  ['mio', 1e6], // German, Swiss
  ['tsd', 1e3], // German Tausend
  ['tys', 1e3], // Polish tysiące
  ['mil', 1e3],
  ['md', 1e9], // French milliards
  ['bn', 1e9],
  ['mi', 1e6], // Portuguese milhões
  ['tr', 1e6], // Vietnamese triệu
  ['bi', 1e9], // Portuguese bilhões
  ['k', 1e3],
  ['m', 1e6],
  // English billions; Turkish writes thousands (bin) so too, but we ask YouTube for English.
  ['b', 1e9],
  ['e', 1e3], // Hungarian ezer
  ['n', 1e3], // Vietnamese nghìn
  ['млрд', 1e9],
  ['млн', 1e6],
  ['тыс', 1e3],
  ['亿', 1e8],
  ['億', 1e8],
  ['万', 1e4],
  ['萬', 1e4],
  ['千', 1e3],
  ['억', 1e8],
  ['만', 1e4],
  ['천', 1e3],
  ['करोड़', 1e7],
  ['लाख', 1e5],
  ['हज़ार', 1e3],
  ['مليار', 1e9],
  ['مليون', 1e6],
  ['ألف', 1e3],
];

/** Digits, then groups joined by a separator: "1,234", "1.2", "1 234" (any space), "1'234". */
const NUMBER = /\d+(?:[.,'’\s٫٬]\d+)*/u;
/** Letters that would make a Latin multiplier part of a longer word ("12 likes" is not "12 l..."). */
const LATIN_LETTER = /^[a-zà-öø-ÿ]/u;

/**
 * The number a displayed count stands for, rounded to a whole number; 0 for an empty text, and
 * for a text with no digits in it. Words around the number ("12 likes", "Like this comment
 * along with 1,234 other people") are ignored.
 */
export function parseCount(text: string | null | undefined): number {
  if (typeof text !== 'string') return 0;
  const normalised = asciiDigits(text.normalize('NFKC')).toLowerCase();
  const match = NUMBER.exec(normalised);
  if (!match) return 0;

  const multiplier = multiplierAt(normalised.slice(match.index + match[0].length));
  const value = multiplier === 1 ? wholeNumber(match[0]) : decimalNumber(match[0]) * multiplier;
  return Number.isFinite(value) ? Math.round(value) : 0;
}

function multiplierAt(rest: string): number {
  const after = rest.replace(/^[\s.]+/u, '');
  for (const [word, multiplier] of MULTIPLIERS) {
    if (!after.startsWith(word)) continue;
    const next = after.slice(word.length);
    // A Latin abbreviation must end there ("k", "k likes", "mio."), not begin a word ("kilo", "likes").
    if (/^[a-z]/.test(word) && LATIN_LETTER.test(next)) continue;
    return multiplier;
  }
  return 1;
}

/** Without a multiplier a count is whole: every separator groups thousands ("1,234", "1.234", "1 234"). */
function wholeNumber(digits: string): number {
  return Number(digits.replace(/\D/g, ''));
}

/**
 * Before a multiplier the number may carry a decimal part, written with "." or "," depending on
 * the language: the last of those two is the decimal mark when one or two digits follow it
 * ("1.2K", "1,2 k", "12,5 mil"); every other separator groups thousands.
 */
function decimalNumber(digits: string): number {
  const grouped = digits.replace(/[\s'’٬]/gu, '');
  const mark = Math.max(grouped.lastIndexOf('.'), grouped.lastIndexOf(','), grouped.lastIndexOf('٫'));
  if (mark < 0) return Number(grouped);
  const fraction = grouped.slice(mark + 1);
  const whole = grouped.slice(0, mark).replace(/\D/g, '');
  return fraction.length <= 2 ? Number(`${whole}.${fraction}`) : Number(whole + fraction);
}

/** Arabic-Indic and Persian digits as ASCII (NFKC already folds full-width ones). */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0)! - 0x0660) % 0x90));
}
