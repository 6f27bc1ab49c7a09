/**
 * Closed word classes of spoken English that the engine leans on where captions give no
 * punctuation: where a sentence may start or end, and which frequent words say nothing about
 * the topic of a talk.
 */

/** Words that commonly open a new spoken sentence. */
export const SENTENCE_STARTERS: ReadonlySet<string> = new Set([
  'so', 'now', 'okay', 'ok', 'alright', 'well', 'anyway', 'first', 'firstly', 'second',
  'secondly', 'third', 'thirdly', 'next', 'finally', 'lastly', 'today', 'basically', 'remember',
  'also', 'however', 'actually',
]);

/** Subjects that often open a clause; weaker evidence than a starter. */
export const CLAUSE_SUBJECTS: ReadonlySet<string> = new Set([
  'i', 'we', 'you', 'they', 'he', 'she', "it's", "i'm", "we're", "you're", "they're", "let's",
  "there's", "that's", "here's", "i've", "we've", "you've", "i'll", "we'll", "you'll", 'if',
  'when', 'what', 'this', 'these', 'there',
]);

/** Words after which a sentence almost never ends. */
export const NON_ENDING: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'from', 'by', 'about', 'into',
  'onto', 'never', 'always', 'and', 'or', 'but', 'so', 'because', 'if', 'than', 'as', 'my', 'your',
  'our', 'their', 'his', 'her', 'its', 'is', 'are', 'was', 'were', 'be', 'been', 'am', 'will',
  'would', 'can', 'could', 'should', 'shall', 'may', 'might', 'must', 'does', 'did', 'has',
  'have', 'had', 'not', 'no', 'very', 'really', 'just', 'also', 'which', 'who', 'whose', 'whom',
  'where', 'when', 'whether', 'while', 'although', 'though', 'i', 'we', 'you', 'they', 'he',
  'she', "it's", "i'm", "we're", "you're", "they're", "let's", "there's", 'gonna', 'wanna',
  'gotta', 'kind', 'sort', 'these', 'those', 'every', 'each', 'some', 'any', 'more', 'most',
  'less', 'such', 'like', 'that', 'how', 'what', 'why', 'least', 'think', 'guess', 'believe',
  'realize', 'hope', 'said', 'says', 'means', 'mean', 'than', 'then',
]);

/** Pronouns that only ever stand as subjects, so a clause starts with them. */
export const SUBJECT_ONLY_PRONOUNS: ReadonlySet<string> = new Set([
  'i', 'we', 'they', 'he', 'she', "i'm", "we're", "they're", "he's", "she's", "i've", "we've",
  "they've", "i'll", "we'll", "they'll", "he'll", "she'll", "i'd", "we'd", "they'd",
]);

/** Pronouns that only ever stand as objects, so no clause starts with them. */
export const OBJECT_ONLY_PRONOUNS: ReadonlySet<string> = new Set(['them', 'him', 'me', 'us', 'itself', 'themselves', 'yourself']);

/** Words that continue the sentence before them, so a boundary right before them is unlikely. */
export const CONTINUATIONS: ReadonlySet<string> = new Set([
  'of', 'than', 'which', 'whose', 'to', 'that', 'for', 'as', 'is', 'are', 'was', 'were', 'and',
  'or', 'too', 'either', 'instead', 'then', 'because', 'since', 'until', 'unless', 'whereas',
]);

/** Question words and auxiliaries that open questions, for restoring "?" to unpunctuated text. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(['what', 'why', 'how', 'where', 'who', 'which', 'when']);
export const AUXILIARIES: ReadonlySet<string> = new Set([
  'is', 'are', 'do', 'does', 'did', 'can', 'could', 'should', 'would', 'will', 'was', 'were',
  'have', 'has', "isn't", "aren't", "don't", "doesn't", "can't", "won't",
]);
export const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it', 'this', 'that', 'there']);

/**
 * Conversational words that behave like stop words in talks: frequent everywhere, never the
 * topic. The model's stop-word list is written for prose and misses most of them.
 */
export const SPOKEN_STOP_WORDS: ReadonlySet<string> = new Set([
  'okay', 'ok', 'yeah', 'yes', 'yep', 'oh', 'hey', 'alright', 'gonna', 'wanna', 'gotta', 'kinda',
  'sorta', 'um', 'uh', 'like', 'just', 'really', 'actually', 'basically', 'literally', 'pretty',
  'right', 'well', 'so', 'know', 'mean', 'going', 'get', 'got', 'getting', 'thing', 'things',
  'stuff', 'lot', 'lots', 'bit', 'guys', 'guy', 'maybe', 'probably', 'definitely', 'totally',
  'sure', 'anyway', 'cool', 'awesome', 'whatever', 'say', 'said', 'says', 'saying', 'think',
  'thought', 'let', 'lets', 'want', 'wants', 'wanted', 'look', 'looking', 'see', 'seen', 'come',
  'coming', 'go', 'goes', 'went', 'gone', 'thank', 'thanks', 'today', 'now', 'also', 'even',
  'still', 'much', 'many', 'one', 'two', 'three', 'first', 'second', 'next', 'last', 'something',
  'anything', 'everything', 'nothing', 'someone', 'somebody', 'everybody', 'everyone', 'kind',
  'sort', 'put', 'take', 'try', 'trying', 'tell', 'told', 'able', 'happen', 'happens', 'far',
  'back', 'around', 'sometimes', 'always', 'never', 'often', 'usually', 'again', 'though',
  'course', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'twenty',
  'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'thousand',
  'million', 'billion', 'percent', 'dozen', 'half', 'quarter', 'third',
]);

/**
 * Words that stay in the term vectors (they help tell sentences apart) but never make a key
 * term or a heading on their own.
 */
export const GENERIC_TERMS: ReadonlySet<string> = new Set([
  'problem', 'problems', 'case', 'cases', 'reason', 'reasons', 'result', 'results', 'fact',
  'step', 'steps', 'side', 'end', 'place', 'type', 'types', 'level', 'area', 'world', 'life',
  'minute', 'minutes', 'hour', 'hours', 'week', 'weeks', 'month', 'months', 'morning', 'night',
  'show', 'help', 'find', 'feel', 'run', 'add', 'set', 'call', 'called', 'mind', 'sense',
  'matter', 'matters', 'happened', 'better', 'best', 'worse', 'worst', 'easy', 'hard', 'lots',
  'okay', 'instead', 'whether', 'enough', 'half', 'top', 'bottom', 'left', 'anybody',
  'everywhere', 'nice', 'huge', 'quick', 'quickly', 'simple', 'simply', 'certain', 'bunch',
  'couple', 'high', 'low', 'long', 'short', 'small', 'large', 'true', 'false', 'today',
  'tomorrow', 'yesterday', 'time', 'times', 'day', 'days', 'year', 'years', 'people', 'person',
  'video', 'videos', 'channel', 'example', 'part', 'point', 'question', 'idea', 'number', 'work',
  'works', 'use', 'used', 'using', 'make', 'made', 'makes', 'making', 'need', 'needs', 'start',
  'started', 'talk', 'talking', 'keep', 'give', 'different', 'important', 'whole', 'real', 'new',
  'old', 'big', 'little', 'good', 'great', 'bad', 'less', 'actual', 'way', 'ways',
]);
