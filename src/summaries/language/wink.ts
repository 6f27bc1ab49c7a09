/**
 * Shared wink-nlp readers for English. Building a reader compiles the model's automata
 * (tens of milliseconds), so each pipeline is built once, on first use, and reused.
 */
import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let sentenceReader: WinkMethods | undefined;
let tokenReader: WinkMethods | undefined;
let tagger: WinkMethods | undefined;

/** Tokens plus sentence boundary detection. */
export function englishSentenceReader(): WinkMethods {
  sentenceReader ??= winkNLP(model, ['sbd']);
  return sentenceReader;
}

/** Tokens only: enough for stop-word flags and stems. */
export function englishTokenReader(): WinkMethods {
  tokenReader ??= winkNLP(model, []);
  return tokenReader;
}

/** Tokens with part-of-speech tags, for the few short texts that need them. */
export function englishTagger(): WinkMethods {
  tagger ??= winkNLP(model, ['pos']);
  return tagger;
}
