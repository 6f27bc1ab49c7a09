/**
 * Turns a transcript sentence into one that reads well on its own in a summary: spoken
 * openers ("so", "okay so") and connectives that lean on the sentence before ("namely",
 * "again,") dropped where enough is left, casing restored where captions had none (sentence
 * start, "I", acronyms the title spells out), and final punctuation, with "?" for questions
 * when the captions carried no marks at all.
 */
import { AUXILIARIES, QUESTION_WORDS, SUBJECT_PRONOUNS } from '../language/english-word-classes';
import type { LanguageProfile } from '../language/language-profile';
import { isContinuousScript } from './word-tokens';

export interface Presenter {
  sentence(text: string): string;
  /** A term or heading: casing restored, nothing else changed. */
  phrase(text: string): string;
}

export interface PresenterOptions {
  readonly language: LanguageProfile;
  /** Captions had no sentence punctuation of their own. */
  readonly unpunctuated: boolean;
  /** Captions had no capital letters of their own. */
  readonly lowerCaseOnly: boolean;
  /** Texts written by the creator (title, chapter titles) whose spelling of acronyms and brand names we trust. */
  readonly casingSources: readonly string[];
}

const FINAL_MARK = /[.!?…。！？]["'”’)\]]*$/u;
const TRAILING_JUNK = /[\s,;:–—-]+$/u;
const LEADING_JUNK = /^[\s,;:.…–—-]+/u;
const ENGLISH_I = /(^|[\s"“(])i(?=$|[\s,.!?;:"”)]|'(?:m|ve|ll|d)\b)/g;
const WORD = /[\p{L}\p{N}]+/gu;
/** At least one opener must leave this many words for the sentence to still say something. */
const MIN_WORDS_LEFT = 4;

export function createPresenter(options: PresenterOptions): Presenter {
  const { discourseOpeners, linkingOpeners } = options.language.cues;
  const openers = [...discourseOpeners, ...linkingOpeners].sort((a, b) => b.length - a.length);
  const casing = options.lowerCaseOnly ? casingMap(options.casingSources) : new Map<string, string>();
  const english = options.language.isEnglish;
  const restoreCasing = (text: string): string => {
    if (!options.lowerCaseOnly) return text;
    const withI = english ? text.replace(ENGLISH_I, '$1I') : text;
    return casing.size > 0 ? withI.replace(WORD, (w) => casing.get(w.toLowerCase()) ?? w) : withI;
  };
  return {
    phrase: restoreCasing,
    sentence(raw) {
      let text = restoreCasing(stripOpeners(withoutStrayQuote(raw.replace(LEADING_JUNK, '').trim()), openers));
      text = capitalizeFirstLetter(text.replace(TRAILING_JUNK, ''));
      if (text === '' || FINAL_MARK.test(text)) return text;
      if (isContinuousScript(text.slice(-1))) return `${text}。`;
      return `${text}${options.unpunctuated && english && looksLikeQuestion(text) ? '?' : '.'}`;
    },
  };
}

/** A sentence cut from inside a quotation opens with a quote mark that nothing closes. */
function withoutStrayQuote(text: string): string {
  if (!text.startsWith('"') || (text.match(/"/g) ?? []).length % 2 === 0) return text;
  return text.slice(1).replace(LEADING_JUNK, '').trimStart();
}

function stripOpeners(text: string, openers: readonly string[]): string {
  let out = text;
  for (let round = 0; round < 3; round += 1) {
    const lower = out.toLowerCase();
    const opener = openers.find((o) => lower.startsWith(o) && /^(?:$|[\s,;:.!?])/u.test(lower.slice(o.length)));
    if (!opener) break;
    const rest = out.slice(opener.length).replace(LEADING_JUNK, '');
    if (rest.split(' ').length < MIN_WORDS_LEFT) break;
    out = rest;
  }
  return out;
}

function capitalizeFirstLetter(text: string): string {
  const match = /\p{L}/u.exec(text);
  if (!match) return text;
  const i = match.index;
  return text.slice(0, i) + text.charAt(i).toUpperCase() + text.slice(i + 1);
}

/** Acronyms and inner-capital names ("API", "JavaScript") as the creator wrote them. */
function casingMap(sources: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const source of sources) {
    for (const word of source.match(WORD) ?? []) {
      const acronym = /^[\p{Lu}\p{N}]{2,}$/u.test(word) && /\p{Lu}/u.test(word);
      const innerCapital = /\p{Ll}\p{Lu}/u.test(word);
      if ((acronym || innerCapital) && !map.has(word.toLowerCase())) map.set(word.toLowerCase(), word);
    }
  }
  return map;
}

/** "what is a starter", "do you need one": question word plus auxiliary, or auxiliary plus subject. */
function looksLikeQuestion(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  if (words.length > 24) return false;
  const [first = '', second = ''] = words;
  if (QUESTION_WORDS.has(first) && AUXILIARIES.has(second)) return true;
  return AUXILIARIES.has(first) && SUBJECT_PRONOUNS.has(second);
}
