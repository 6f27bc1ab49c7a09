import type { FakeCue } from './model';

/**
 * Stand-in for YouTube's machine translation (timedtext &tlang=xx). German to English goes
 * word by word through a small table, enough for the German fixture to come out as English
 * words; any other pair is marked with the target language so the text visibly changes.
 */

const GERMAN_TO_ENGLISH: Record<string, string> = {
  hallo: 'hello', und: 'and', willkommen: 'welcome', zu: 'to', diesem: 'this', video: 'video',
  über: 'about', bienen: 'bees', heute: 'today', sprechen: 'talk', wir: 'we', das: 'the',
  leben: 'life', im: 'in the', bienenstock: 'hive', ein: 'a', bienenvolk: 'bee colony', hat: 'has',
  sommer: 'summer', bis: 'up', fünfzigtausend: 'fifty thousand', die: 'the', königin: 'queen',
  legt: 'lays', jeden: 'every', tag: 'day', zweitausend: 'two thousand', eier: 'eggs',
  arbeiterinnen: 'workers', sammeln: 'collect', nektar: 'nectar', pollen: 'pollen', von: 'from',
  vielen: 'many', blumen: 'flowers', aus: 'out of', dem: 'the', machen: 'make', stock: 'hive',
  honig: 'honey', winter: 'winter', bleiben: 'stay', zusammen: 'together', halten: 'keep',
  warm: 'warm', ohne: 'without', hätten: 'would have', viel: 'much', weniger: 'less', obst: 'fruit',
  gemüse: 'vegetables', sie: 'you', können: 'can', helfen: 'help', wenn: 'if', garten: 'garden',
  pflanzen: 'plant', danke: 'thanks', fürs: 'for', zuschauen: 'watching', zum: 'until the',
  nächsten: 'next', mal: 'time', den: 'the', mit: 'with', der: 'the', sind: 'are', sehr: 'very',
  wichtig: 'important', für: 'for', unsere: 'our', natur: 'nature', jede: 'every', biene: 'bee',
  fliegt: 'flies', kilometer: 'kilometres', weit: 'far', drei: 'three', einem: 'a', tanz: 'dance', zeigen: 'show',
  eine: 'a', arbeiterin: 'worker',
  anderen: 'others', wo: 'where', gibt: 'gives', es: 'there', futter: 'food', lebt: 'lives',
  nur: 'only', wenige: 'a few', wochen: 'weeks', jahre: 'years', mehrere: 'several',
};

export function translateCues(cues: readonly FakeCue[], from: string, to: string): FakeCue[] {
  return cues.map((cue) => ({ ...cue, text: translateText(cue.text, from, to) }));
}

export function translateText(text: string, from: string, to: string): string {
  if (primary(from) === 'de' && primary(to) === 'en') return germanToEnglish(text);
  return text
    .split('\n')
    .map((line) => `[${to}] ${line}`)
    .join('\n');
}

function germanToEnglish(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const english = GERMAN_TO_ENGLISH[word.toLowerCase()];
    if (!english) return word;
    return word[0] === word[0]!.toUpperCase() && word[0] !== word[0]!.toLowerCase() && isSentenceStart(text, word)
      ? english.charAt(0).toUpperCase() + english.slice(1)
      : english;
  });
}

/** German capitalises every noun; only a sentence's first word stays capitalised in English. */
function isSentenceStart(text: string, word: string): boolean {
  const index = text.indexOf(word);
  return index === 0 || /[.!?]\s*$/.test(text.slice(0, index));
}

function primary(code: string): string {
  return code.toLowerCase().split('-')[0] ?? code;
}
