/**
 * A heading for each section: the creator's chapter title when there is one, otherwise the
 * section's most distinctive key phrase (two when a second one is nearly as strong), so an
 * outline reads as the list of topics the video covers.
 */
import type { KeyPhrase, PhraseIndex } from './key-phrases';
import type { SentenceTagger } from './noun-phrases';
import type { Section } from './sections';

const CANDIDATES_CHECKED = 8;

export function sectionHeadings(
  sections: readonly Section[],
  phrases: PhraseIndex,
  tagger: SentenceTagger | null,
  joiner: string,
): string[] {
  const used = new Set<string>();
  return sections.map((section) => {
    if (section.chapterTitle) return section.chapterTitle;
    const candidates = (phrases.bySection[section.index] ?? [])
      .slice(0, CANDIDATES_CHECKED)
      .filter((p) => !used.has(p.key) && (tagger === null || tagger.isNounPhrase(p)));
    const first = candidates[0];
    if (!first) return `Part ${section.index + 1}`;
    used.add(first.key);
    const second = candidates.find((p) => p !== first && p.score >= first.score * 0.5 && !overlaps(p, first));
    return capitalize(second ? `${first.text}${joiner}${second.text}` : first.text);
  });
}

function overlaps(a: KeyPhrase, b: KeyPhrase): boolean {
  return a.terms.some((t) => b.terms.includes(t));
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
