/**
 * Words and phrases whose presence says something about a sentence's role: advice, cause and
 * effect, a definition, an introduction to the video, or channel promotion. Phrases are written
 * lower-case with single spaces and straight apostrophes, as the tokenizer produces them.
 * Languages without an entry get an empty lexicon: ranking then rests on salience alone.
 */

/**
 * Discourse cues, each a list of phrases read at a sentence's start:
 * - linkingOpeners: connectives that tie a sentence to the one before it ("namely", "again",
 *   "however"), taken off the front of a quoted sentence when enough is left, as openers are;
 * - fragmentOpeners: first words that leave a sentence a fragment without the one before
 *   ("because", "which"); nothing can be taken off, so such sentences rank low;
 * - chatterOpeners: talk about the talk (greetings, thanks, the speaker narrating a next move);
 * - topicShifts: phrases that announce a new topic ("moving on", "the next thing").
 */
type DiscourseCues = Readonly<Record<'linkingOpeners' | 'fragmentOpeners' | 'chatterOpeners' | 'topicShifts', readonly string[]>>;

export interface CueLexicon extends DiscourseCues {
  /** Hesitation sounds that captions transcribe but nobody means. */
  readonly fillers: readonly string[];
  /** Openers that carry no content when a sentence is quoted on its own. */
  readonly discourseOpeners: readonly string[];
  /** Advice, recommendation or warning. */
  readonly advice: readonly string[];
  /** Cause and effect, purpose, consequence. */
  readonly causeEffect: readonly string[];
  /** Words that follow a term being defined ("X means", "X is a"): a bare "is" would also match "X is easy". */
  readonly definitionAfter: readonly string[];
  /** Phrases that precede a term being defined ("called X", "known as X"). */
  readonly definitionBefore: readonly string[];
  /** The speaker saying what the video is about. */
  readonly introduction: readonly string[];
  /** Channel housekeeping: subscribe, sponsors, sign-offs. */
  readonly promotion: readonly string[];
}

/**
 * Hesitation sounds that are not words in any language we know of. "um" is not among them:
 * it is a word in German ("um fünf") and Portuguese ("um livro"), so only English drops it.
 */
const COMMON_FILLERS = ['uh', 'uhh', 'uhm', 'umm', 'hmm', 'hm', 'mhm', 'mm-hmm'];

/** A lexicon whose discourse cues are not collected yet: its sentences are quoted as spoken. */
type LexiconWithoutDiscourseCues = Omit<CueLexicon, keyof DiscourseCues>;

/** For languages whose discourse cues we have not collected. */
const NO_DISCOURSE_CUES: DiscourseCues = {
  linkingOpeners: [],
  fragmentOpeners: [],
  chatterOpeners: [],
  topicShifts: [],
};

const EMPTY: CueLexicon = {
  fillers: COMMON_FILLERS,
  discourseOpeners: [],
  advice: [],
  causeEffect: [],
  definitionAfter: [],
  definitionBefore: [],
  introduction: [],
  promotion: [],
  ...NO_DISCOURSE_CUES,
};

const ENGLISH: CueLexicon = {
  fillers: [...COMMON_FILLERS, 'um', 'erm', 'er', 'ah', 'uh-huh', 'mm'],
  discourseOpeners: [
    'and so', 'so yeah', 'and then', 'and', 'so', 'but', 'okay', 'ok', 'alright', 'all right',
    'well', 'anyway', 'basically', 'you know', 'i mean', 'like', 'yeah', 'oh', 'right', 'now',
  ],
  advice: [
    'you should', "you shouldn't", 'you need to', 'you have to', 'you must', 'you want to',
    'make sure', 'be sure to', 'remember to', "don't forget", 'try to', 'i recommend',
    "i'd recommend", 'i would recommend', 'we recommend', 'i suggest', 'my advice', 'my tip',
    'the key is', 'the trick is', 'the secret is', "it's important", 'it is important',
    "it's essential", "it's worth", 'best practice', 'the best way', 'rule of thumb', 'avoid',
    'never', 'always', 'instead of', 'rather than', "don't", 'do not', 'start with', 'focus on',
    'aim for', 'stick to', 'keep in mind', 'a good idea', 'the goal is', 'get into the habit',
  ],
  causeEffect: [
    'because', 'so that', 'which means', 'that means', 'this means', 'leads to', 'lead to',
    'results in', 'causes', 'therefore', 'as a result', 'the reason', "that's why",
    'this is why', 'which is why', 'helps', 'will help', 'allows you', 'lets you',
    'in order to', 'otherwise', 'depends on', 'if you',
  ],
  definitionAfter: [
    'means', 'refers to', 'stands for', 'describes', 'is a', 'is an', 'is the', 'is just', 'is basically',
    'is simply', 'is essentially', 'is when', 'is where', 'is what', 'is how', 'is called', 'is defined as',
    'are a', 'are the', 'are just', 'are what', 'are basically', 'are called',
  ],
  definitionBefore: ['called', 'named', 'known as', 'defined as', 'referred to as', 'term'],
  introduction: [
    'in this video', 'in this lecture', 'in this talk', 'in this episode', 'in this lesson',
    'today we', 'today i', "we're going to", "i'm going to show", "we'll look at",
    'we will look at', "let's talk about", 'this video is about', 'going to talk about',
    'going to cover', "we'll cover", 'we will cover', "we'll talk about", 'this lecture is about',
    "today we've", "today i'm", "today i'll", "today's lecture", "today's video", "today's episode",
    "we've got", 'welcome to', 'this episode', 'is about', 'are about', 'introduction to',
  ],
  promotion: [
    'subscribe', 'hit the bell', 'notification bell', 'patreon', 'sponsor', 'sponsored',
    'link in the description', 'links in the description', 'description below', 'comment below',
    'comments below', 'thanks for watching', 'thank you for watching', 'see you next time',
    'see you in the next', 'welcome back', 'hey guys', 'hey everyone', "what's up guys",
    'smash that like', 'merch', 'promo code', 'discount code', 'follow me on', 'like this video',
    'brought to you by', 'thanks for listening', 'thank you for listening',
  ],
  linkingOpeners: [
    'namely', 'again', 'also', 'plus', 'then', 'however', 'therefore', 'thus', 'hence', 'besides',
    'moreover', 'furthermore', 'anyway', 'or', 'see,', 'look,', 'listen,', 'mind you', 'you see',
    'as i said', 'like i said', 'as i say', 'in that case', 'of course', 'for example', 'for instance',
    'instead,', 'still,',
  ],
  fragmentOpeners: [
    'because', 'cause', "'cause", 'cuz', 'since', 'which', 'whereas', 'whereby', 'than', 'nor', 'too',
    'as well', "i'm just saying", 'you can, if you want',
  ],
  chatterOpeners: [
    'hi', 'hello', 'hey', 'good morning', 'good afternoon', 'good evening', 'welcome', 'thanks',
    'thank you', 'cheers', 'bye', 'goodbye', 'see you', 'let me', "let's just", 'sorry', 'excuse me',
    'can you hear', 'can everyone hear', 'is this on', 'where was i', 'hang on', 'just a second',
    'just a minute', 'one second',
  ],
  topicShifts: [
    'next', 'the next', 'moving on', 'move on', "let's move", 'let us move', "let's go on", "let's go to",
    "let's talk about", "let's look at", "let's start", "let's begin", "let's turn", "let's get to",
    "let's discuss", 'now we', 'now let', "now i'm going", 'the other thing', 'another thing',
    'one more thing', 'the last thing', 'the first thing', 'first of all', 'second', 'secondly',
    'third', 'finally', 'lastly', 'last but not least', 'turning to', 'back to', 'coming to',
    'on to', 'onto', 'going back to', 'what about', 'how about', 'the agenda', 'on the agenda',
    'our next', 'so next', 'that brings us', 'which brings us', 'that leads', 'the second part',
    'part two', 'step one', 'step two', 'step three', 'shall we', "why don't you go", 'over to you',
    'your turn',
  ],
};

const SPANISH: LexiconWithoutDiscourseCues = {
  fillers: [...COMMON_FILLERS, 'eh', 'ehm', 'em'],
  discourseOpeners: ['entonces', 'bueno', 'pues', 'y', 'o sea', 'vale', 'bien'],
  advice: [
    'debes', 'deberías', 'hay que', 'tienes que', 'es importante', 'te recomiendo', 'recomiendo',
    'asegúrate', 'no olvides', 'intenta', 'evita', 'nunca', 'siempre', 'en lugar de', 'lo mejor es',
    'la clave es', 'el truco es', 'mi consejo',
  ],
  causeEffect: [
    'porque', 'por eso', 'así que', 'lo que significa', 'por lo tanto', 'provoca', 'causa',
    'ayuda a', 'permite', 'para que', 'si quieres',
  ],
  definitionAfter: ['es un', 'es una', 'es el', 'es la', 'son los', 'son las', 'son unos', 'significa', 'se refiere', 'consiste en'],
  definitionBefore: ['llamado', 'llamada', 'se llama', 'conocido como', 'conocida como'],
  introduction: ['en este video', 'en este vídeo', 'hoy vamos', 'hoy les', 'hoy te', 'vamos a ver'],
  promotion: ['suscríbete', 'suscribirte', 'dale like', 'campanita', 'patrocinador', 'descripción', 'gracias por ver'],
};

const GERMAN: LexiconWithoutDiscourseCues = {
  fillers: [...COMMON_FILLERS, 'äh', 'ähm', 'öhm', 'ehm'],
  discourseOpeners: ['also', 'und', 'okay', 'gut', 'ja', 'na ja'],
  advice: [
    'du solltest', 'sie sollten', 'man sollte', 'wichtig ist', 'es ist wichtig', 'ich empfehle',
    'achte darauf', 'vergiss nicht', 'vermeide', 'niemals', 'immer', 'statt', 'am besten',
    'der trick ist', 'mein tipp',
  ],
  causeEffect: ['weil', 'deshalb', 'daher', 'darum', 'das bedeutet', 'führt zu', 'sodass', 'damit', 'wenn du'],
  definitionAfter: ['ist ein', 'ist eine', 'ist der', 'ist die', 'ist das', 'sind die', 'bedeutet', 'bezeichnet', 'heißt'],
  definitionBefore: ['genannt', 'nennt man', 'bekannt als', 'bezeichnet als'],
  introduction: ['in diesem video', 'heute zeige', 'heute geht es', 'heute schauen wir'],
  promotion: ['abonniert', 'abonnieren', 'glocke', 'sponsor', 'beschreibung', 'danke fürs zuschauen'],
};

const FRENCH: LexiconWithoutDiscourseCues = {
  fillers: [...COMMON_FILLERS, 'euh', 'heu', 'bah'],
  discourseOpeners: ['donc', 'alors', 'et', 'bon', 'voilà', 'en fait'],
  advice: [
    'il faut', 'vous devez', 'tu dois', 'vous devriez', 'tu devrais', 'je recommande',
    'je vous conseille', 'je te conseille', "c'est important", 'il est important', 'évitez',
    'évite', 'jamais', 'toujours', 'au lieu de', 'le mieux', "l'astuce", 'mon conseil',
  ],
  causeEffect: ['parce que', 'car', 'donc', 'ce qui signifie', 'par conséquent', 'permet de', 'pour que', 'si vous', 'si tu'],
  definitionAfter: ['est un', 'est une', 'est le', 'est la', "est l'", 'sont des', 'sont les', 'signifie', 'désigne'],
  definitionBefore: ['appelé', 'appelée', "qu'on appelle", 'connu comme', 'connue comme'],
  introduction: ['dans cette vidéo', "aujourd'hui on", "aujourd'hui nous", "aujourd'hui je"],
  promotion: ['abonnez-vous', 'abonne-toi', 'cloche', 'sponsor', 'description', 'merci d\'avoir regardé'],
};

const PORTUGUESE: LexiconWithoutDiscourseCues = {
  fillers: [...COMMON_FILLERS, 'hã', 'ahn'],
  discourseOpeners: ['então', 'bom', 'e', 'tipo', 'né'],
  advice: [
    'você deve', 'você precisa', 'é importante', 'eu recomendo', 'recomendo', 'certifique-se',
    'não esqueça', 'evite', 'nunca', 'sempre', 'em vez de', 'o melhor é', 'a dica é', 'o segredo é',
  ],
  causeEffect: ['porque', 'por isso', 'o que significa', 'portanto', 'causa', 'ajuda a', 'permite', 'para que', 'se você'],
  definitionAfter: ['é um', 'é uma', 'é o', 'é a', 'são os', 'são as', 'significa', 'se refere'],
  definitionBefore: ['chamado', 'chamada', 'conhecido como', 'conhecida como'],
  introduction: ['neste vídeo', 'nesse vídeo', 'hoje vamos', 'hoje eu vou'],
  promotion: ['inscreva-se', 'se inscreva', 'sininho', 'patrocinador', 'descrição', 'obrigado por assistir'],
};

const ITALIAN: LexiconWithoutDiscourseCues = {
  fillers: [...COMMON_FILLERS, 'ehm', 'eh'],
  discourseOpeners: ['allora', 'quindi', 'e', 'ecco', 'insomma'],
  advice: [
    'dovete', 'dovresti', 'bisogna', 'è importante', 'vi consiglio', 'ti consiglio', 'consiglio',
    'assicurati', 'non dimenticare', 'evita', 'mai', 'sempre', 'invece di', 'il trucco è',
  ],
  causeEffect: ['perché', 'quindi', 'il che significa', 'di conseguenza', 'permette di', 'affinché', 'se volete'],
  definitionAfter: ['è un', 'è una', 'è il', 'è la', 'sono i', 'sono le', 'significa'],
  definitionBefore: ['chiamato', 'chiamata', 'detto', 'conosciuto come'],
  introduction: ['in questo video', 'oggi vediamo', 'oggi parliamo'],
  promotion: ['iscrivetevi', 'iscriviti', 'campanella', 'sponsor', 'descrizione', 'grazie per aver guardato'],
};

const BY_LANGUAGE: Readonly<Record<string, CueLexicon>> = {
  en: ENGLISH,
  es: { ...SPANISH, ...NO_DISCOURSE_CUES },
  de: { ...GERMAN, ...NO_DISCOURSE_CUES },
  fr: { ...FRENCH, ...NO_DISCOURSE_CUES },
  pt: { ...PORTUGUESE, ...NO_DISCOURSE_CUES },
  it: { ...ITALIAN, ...NO_DISCOURSE_CUES },
};

/** The lexicon for a BCP-47 primary subtag; an empty one (fillers only) when we have none. */
export function cueLexiconFor(primaryLanguage: string): CueLexicon {
  return BY_LANGUAGE[primaryLanguage] ?? EMPTY;
}
