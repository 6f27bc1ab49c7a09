/** The one tokenisation the baselines and ROUGE share: lower-case letters and digits, Porter2 stems. */
import * as stopwords from 'stopword';
import stem from 'wink-porter2-stemmer';

const STOP = new Set(stopwords.eng as readonly string[]);

export function stemmedTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((word) => stem(word));
}

/** Stems of the words that carry content (stop words out), for lexical-cohesion baselines. */
export function contentStems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((word) => !STOP.has(word) && word.length > 1).map((word) => stem(word.replace(/'/g, '')));
}
