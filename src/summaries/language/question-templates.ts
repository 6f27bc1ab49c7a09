/**
 * Wording of generated review questions. English reads naturally ("What is a starter?");
 * a few other languages get their own wording with the term quoted (no article, whose gender
 * we cannot know); all others fall back to English with quoted terms.
 */

export interface QuestionTemplates {
  /** The term's meaning; `article` and `plural` are only known for English. */
  whatIs(term: string, article: string | null, plural: boolean): string;
  relate(a: string, b: string): string;
  keyIdeas(heading: string): string;
  whyItMatters(term: string, article: string | null, plural: boolean): string;
}

const ENGLISH: QuestionTemplates = {
  whatIs: (term, article, plural) => (plural ? `What are ${term}?` : `What is ${article ? `${article} ` : ''}${term}?`),
  relate: (a, b) => `How does ${a} relate to ${b}?`,
  keyIdeas: (heading) => `What are the key ideas of “${heading}”?`,
  whyItMatters: (term, article, plural) => (plural ? `Why do ${term} matter here?` : `Why does ${article ? `${article} ` : ''}${term} matter here?`),
};

const QUOTED_ENGLISH: QuestionTemplates = {
  whatIs: (term) => `What does “${term}” mean?`,
  relate: (a, b) => `How does “${a}” relate to “${b}”?`,
  keyIdeas: ENGLISH.keyIdeas,
  whyItMatters: (term) => `Why does “${term}” matter here?`,
};

const BY_LANGUAGE: Readonly<Record<string, QuestionTemplates>> = {
  en: ENGLISH,
  es: {
    whatIs: (t) => `¿Qué significa «${t}»?`,
    relate: (a, b) => `¿Qué relación hay entre «${a}» y «${b}»?`,
    keyIdeas: (h) => `¿Cuáles son las ideas clave de «${h}»?`,
    whyItMatters: (t) => `¿Por qué es importante «${t}»?`,
  },
  de: {
    whatIs: (t) => `Was bedeutet „${t}“?`,
    relate: (a, b) => `Wie hängen „${a}“ und „${b}“ zusammen?`,
    keyIdeas: (h) => `Was sind die Kernaussagen von „${h}“?`,
    whyItMatters: (t) => `Warum ist „${t}“ wichtig?`,
  },
  fr: {
    whatIs: (t) => `Que signifie « ${t} » ?`,
    relate: (a, b) => `Quel est le lien entre « ${a} » et « ${b} » ?`,
    keyIdeas: (h) => `Quelles sont les idées clés de « ${h} » ?`,
    whyItMatters: (t) => `Quel est le rôle de « ${t} » ?`,
  },
  pt: {
    whatIs: (t) => `O que significa “${t}”?`,
    relate: (a, b) => `Qual é a relação entre “${a}” e “${b}”?`,
    keyIdeas: (h) => `Quais são as ideias principais de “${h}”?`,
    whyItMatters: (t) => `Qual é o papel de “${t}”?`,
  },
  it: {
    whatIs: (t) => `Che cosa significa «${t}»?`,
    relate: (a, b) => `Che rapporto c'è tra «${a}» e «${b}»?`,
    keyIdeas: (h) => `Quali sono le idee chiave di «${h}»?`,
    whyItMatters: (t) => `Qual è il ruolo di «${t}»?`,
  },
};

export function questionTemplatesFor(primaryLanguage: string): QuestionTemplates {
  return BY_LANGUAGE[primaryLanguage] ?? QUOTED_ENGLISH;
}
