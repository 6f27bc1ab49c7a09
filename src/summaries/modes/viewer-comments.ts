/**
 * "What viewers say" for the extractive engine: one line on the themes that recur across
 * viewers' comments, then the most-liked comments quoted. A theme is a run of one to three
 * topic-bearing words, keyed by stems, counted once per comment however often that comment
 * repeats it; it must recur in several distinct comments (2, or 3 when there are many). In
 * English it must name a thing where viewers wrote it (a noun phrase, by wink's tags):
 * "finally" and "click" recur in many comment sections and say nothing.
 * Words of the video's title alone name its subject, not a theme, and praise every video gets
 * ("great video, thanks") is not one either. Comment text is quoted literally, never as markup.
 */
import type { VideoComment } from '../../domain/comments';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { mostCommonForm } from '../analysis/key-phrases';
import { commentText, cutAtWord, likesOf, usableComments } from '../text/comments';
import { escapeUntrustedMarkdown } from '../text/markdown';
import { isContinuousScript } from '../text/word-tokens';
import type { VocabularyClasses } from '../language/vocabulary-classes';
import { englishStopWords } from '../language/stop-word-lists';
import { GENERIC_TERMS } from '../language/english-word-classes';
import { TAG_ADJ, TAG_NOUN, TAG_NUM, TAG_PROPN, TAG_VERB, tagTokenRuns } from '../analysis/word-tags';

const MAX_THEMES = 5;
const MAX_QUOTES = 3;
const QUOTE_CHARS = 200;
const AUTHOR_CHARS = 60;
const MAX_NGRAM = 3;
/** From this many distinct viewer comments on, a theme needs 3 of them rather than 2. */
const MANY_COMMENTS = 20;
/** Comment text beyond this is not read for themes: a wall of text would weigh no more than a line. */
const THEME_READ_CHARS = 2000;

/** Punctuation that ends a phrase: a theme never runs across it. */
const CLAUSE_BREAK = /[.,;:!?()[\]{}"“”«»„…|/\\。！？、，；：]+/u;

/**
 * English words every comment section is full of, whatever the video: they may be part of a
 * theme ("clear explanation") but are none on their own.
 */
const ENGLISH_COMMENT_PRAISE: ReadonlySet<string> = new Set([
  'thanks', 'thank', 'thx', 'love', 'loved', 'loving', 'awesome', 'amazing', 'subscribe', 'subscribed',
  'subscriber', 'subscribers', 'watch', 'watching', 'watched', 'content', 'cool', 'guys', 'guy', 'bro',
  'dude', 'sir', 'lol', 'lmao', 'wow', 'please', 'first', 'comment', 'comments', 'vid', 'vids', 'man',
  'excellent', 'fantastic', 'brilliant', 'perfect', 'informative', 'helpful', 'appreciate', 'keep',
]);

export interface ViewerTheme {
  /** As viewers most often wrote it. */
  readonly text: string;
  /** Distinct comments it occurs in. */
  readonly comments: number;
}

interface ThemeTally {
  terms: string[];
  comments: number;
  likes: number;
  forms: Map<string, number>;
  first: number;
  allGeneric: boolean;
  /** A shorter run that a longer one with as many comments contains. */
  subsumed: boolean;
  /** Times it was written, and of those, as the name of a thing (see namesAThing). */
  uses: number;
  namingUses: number;
}

interface TokenClass {
  stem: string;
  stop: boolean;
  generic: boolean;
}

const sections = new WeakMap<TranscriptAnalysis, WeakMap<readonly VideoComment[], string | null>>();

/**
 * The section's body (without its heading), or null when no comment has text. Kept per analysis
 * and comment list, so `detailed` and `key_insights` of one job compute it once.
 */
export function viewerSectionBody(analysis: TranscriptAnalysis, comments: readonly VideoComment[] | null | undefined): string | null {
  if (!Array.isArray(comments)) return null;
  let byComments = sections.get(analysis);
  if (!byComments) sections.set(analysis, (byComments = new WeakMap()));
  let body = byComments.get(comments);
  if (body === undefined) {
    body = renderViewerSection(analysis, comments);
    byComments.set(comments, body);
  }
  return body;
}

function renderViewerSection(analysis: TranscriptAnalysis, comments: readonly VideoComment[]): string | null {
  const usable = usableComments(comments);
  if (usable.length === 0) return null;
  const lines: string[] = [];
  const themes = recurringThemes(analysis, usable);
  if (themes.length > 0) {
    lines.push(`**Recurring themes:** ${themes.map((theme) => `${escapeUntrustedMarkdown(theme.text)} (${theme.comments} comments)`).join(', ')}`, '');
  }
  lines.push('**Most-liked comments:**', '', ...mostLiked(usable, MAX_QUOTES).map(quoteLine));
  return lines.join('\n');
}

/** The `count` most-liked comments, ties in the order given. */
export function mostLiked(comments: readonly VideoComment[], count: number): VideoComment[] {
  return comments
    .map((comment, index) => ({ comment, index, likes: likesOf(comment) }))
    .sort((a, b) => b.likes - a.likes || a.index - b.index)
    .slice(0, count)
    .map(({ comment }) => comment);
}

const numbers = new Intl.NumberFormat('en-US');

function quoteLine(comment: VideoComment): string {
  const likes = likesOf(comment);
  const author = cutAtWord(typeof comment.author === 'string' ? comment.author.replace(/\s+/gu, ' ').trim() : '', AUTHOR_CHARS) || 'anonymous';
  const facts = [...(comment.is_creator === true ? ['creator'] : []), `${numbers.format(likes)} ${likes === 1 ? 'like' : 'likes'}`];
  return `- “${escapeUntrustedMarkdown(cutAtWord(commentText(comment), QUOTE_CHARS))}” — ${escapeUntrustedMarkdown(author)} (${facts.join(', ')})`;
}

/**
 * Runs of topic words that recur across distinct viewer comments (the creator's own are left
 * out), most widespread first, then most liked; a theme that shares a word with a better one is
 * left out, so the line names different things.
 */
export function recurringThemes(analysis: TranscriptAnalysis, comments: readonly VideoComment[]): ViewerTheme[] {
  const tokenize = analysis.vocabulary.tokenize;
  const seenTexts = new Set<string>();
  const viewerComments: { clauses: string[][]; likes: number }[] = [];
  for (const comment of comments) {
    if (comment.is_creator === true) continue;
    const text = cutAtWord(commentText(comment), THEME_READ_CHARS);
    const normal = text.toLowerCase();
    // The same text posted twice (spam, copied jokes) is one voice.
    if (seenTexts.has(normal)) continue;
    seenTexts.add(normal);
    const clauses = text.split(CLAUSE_BREAK).map((clause) => commentTokens(clause, tokenize)).filter((tokens) => tokens.length > 0);
    viewerComments.push({ clauses, likes: likesOf(comment) });
  }
  const minComments = viewerComments.length >= MANY_COMMENTS ? 3 : 2;
  if (viewerComments.length < minComments) return [];

  const titleTokens = commentTokens(analysis.title, tokenize);
  const classOf = tokenClasses(analysis, [...viewerComments.flatMap((c) => c.clauses.flat()), ...titleTokens]);
  const titleTerms = new Set(
    titleTokens
      .map((token) => classOf(token))
      .filter((c) => !c.stop)
      .map((c) => c.stem),
  );

  // English comments are tagged, so that a theme names a thing ("payback period", "battery"),
  // not a word viewers merely share ("finally", "click", "disagree").
  const tags = analysis.language.isEnglish ? tagTokenRuns(viewerComments.flatMap((c) => c.clauses)) : null;
  let clauseIndex = 0;

  const tallies = new Map<string, ThemeTally>();
  let order = 0;
  for (const { clauses, likes } of viewerComments) {
    const inComment = new Set<string>();
    for (const tokens of clauses) {
      const clauseTags = tags?.[clauseIndex] ?? null;
      clauseIndex += 1;
      const classes = tokens.map(classOf);
      for (let i = 0; i < tokens.length; i += 1) {
        for (let n = 1; n <= MAX_NGRAM && i + n <= tokens.length; n += 1) {
          const run = classes.slice(i, i + n);
          // A stop word ends a run: "price of the phone" is "price" and "phone".
          if (run[n - 1]!.stop) break;
          const terms = run.map((c) => c.stem);
          const key = terms.join(' ');
          let tally = tallies.get(key);
          if (!tally) {
            tally = { terms, comments: 0, likes: 0, forms: new Map(), first: order++, allGeneric: run.every((c) => c.generic), subsumed: false, uses: 0, namingUses: 0 };
            tallies.set(key, tally);
          }
          const words = tokens.slice(i, i + n);
          const form = words.join(words.some(isContinuousScript) ? '' : ' ');
          tally.forms.set(form, (tally.forms.get(form) ?? 0) + 1);
          tally.uses += 1;
          if (clauseTags === null || namesAThing(words, clauseTags.subarray(i, i + n))) tally.namingUses += 1;
          if (inComment.has(key)) continue;
          inComment.add(key);
          tally.comments += 1;
          tally.likes += likes;
        }
      }
    }
  }

  const isName = (tally: ThemeTally) => tally.namingUses * 2 >= tally.uses;
  for (const tally of tallies.values()) {
    // Only a name stands in for the shorter names inside it.
    if (!isName(tally)) continue;
    for (let n = 1; n < tally.terms.length; n += 1) {
      for (let i = 0; i + n <= tally.terms.length; i += 1) {
        const shorter = tallies.get(tally.terms.slice(i, i + n).join(' '));
        if (shorter && shorter.comments <= tally.comments) shorter.subsumed = true;
      }
    }
  }

  const candidates = [...tallies.values()]
    .filter((t) => t.comments >= minComments && isName(t) && !t.allGeneric && !t.subsumed && !t.terms.every((term) => titleTerms.has(term)))
    .sort((a, b) => b.comments - a.comments || b.likes - a.likes || b.terms.length - a.terms.length || a.first - b.first);
  const themes: ViewerTheme[] = [];
  const usedTerms = new Set<string>();
  for (const tally of candidates) {
    if (themes.length >= MAX_THEMES) break;
    if (tally.terms.some((term) => usedTerms.has(term))) continue;
    for (const term of tally.terms) usedTerms.add(term);
    themes.push({ text: mostCommonForm(tally.forms), comments: tally.comments });
  }
  return themes;
}

/**
 * Whether a run of words, as tagged where it was written, names a thing: it ends in a noun (or a
 * gerund: "fuelling" and "batch cooking" are topics), after nouns, adjectives,
 * numbers or gerunds only ("spaced repetition", "speaking practice", "caffeine half-life").
 */
function namesAThing(words: readonly string[], tags: Uint8Array): boolean {
  const last = words.length - 1;
  for (let i = 0; i <= last; i += 1) {
    const tag = tags[i] ?? 0;
    const gerund = tag === TAG_VERB && /ing$/iu.test(words[i] ?? '');
    const fits = i === last ? tag === TAG_NOUN || tag === TAG_PROPN || gerund : tag === TAG_NOUN || tag === TAG_PROPN || tag === TAG_ADJ || tag === TAG_NUM || gerund;
    if (!fits) return false;
  }
  return true;
}

const HYPHENATED = /[\p{L}\p{N}]-[\p{L}\p{N}]/u;

/**
 * The transcript's tokenizer, except that a hyphenated word ("half-life", "all-nighter") stays
 * one token: viewers write compounds the captions never spell, and their halves alone are
 * often stop words.
 */
function commentTokens(text: string, tokenize: (text: string) => string[]): string[] {
  const tokens: string[] = [];
  for (const chunk of text.split(/\s+/u)) {
    if (chunk === '') continue;
    if (HYPHENATED.test(chunk) && !isContinuousScript(chunk)) {
      const parts = tokenize(chunk);
      if (parts.length > 0) tokens.push(parts.join('-'));
    } else {
      tokens.push(...tokenize(chunk));
    }
  }
  return tokens;
}

/**
 * Stop, stem and generic flags of tokens, from the transcript language's classifier, classified
 * once each. Under a video in another language, English function words and English praise are
 * stop and generic too: viewers often comment in English whatever the video's language, and the
 * transcript's classifier would take "the" and "this" for the commonest themes.
 */
function tokenClasses(analysis: TranscriptAnalysis, tokens: readonly string[]): (token: string) => TokenClass {
  const distinct = [...new Set(tokens.map((token) => token.toLowerCase()))];
  // English transcripts classify English words themselves; under others, English's lists are added.
  const english = analysis.language.isEnglish ? null : { stops: englishStopWords(), generic: GENERIC_TERMS };
  const byToken = new Map<string, TokenClass>();
  const add = (token: string, classes: VocabularyClasses, i: number) =>
    byToken.set(token, {
      stem: classes.stems[i] ?? token,
      stop: (classes.stop[i] ?? 0) === 1 || (english?.stops.has(token) ?? false),
      generic: (classes.generic[i] ?? 0) === 1 || ENGLISH_COMMENT_PRAISE.has(token) || (english?.generic.has(token) ?? false),
    });
  // Most words of a comment section are the transcript's own, already classified (for English,
  // by wink, the costly part): only the others are classified here.
  const { tokenIndex, tokenClasses: known } = analysis.vocabulary;
  const unknown: string[] = [];
  for (const token of distinct) {
    const index = tokenIndex.get(token);
    if (index === undefined) unknown.push(token);
    else add(token, known, index);
  }
  const classes = analysis.language.classify(unknown);
  unknown.forEach((token, i) => add(token, classes, i));
  return (token) => byToken.get(token.toLowerCase()) ?? { stem: token.toLowerCase(), stop: true, generic: true };
}
