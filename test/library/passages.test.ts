import { cutPassages, PassageCutter } from '../../src/library/passages';
import { searchConfigFor } from '../../src/library/search-config';

const segment = (start: number, end: number, text: string) => ({ start, end, text });

it('closes a passage at the first sentence end after 30 seconds, keeping its times', () => {
  const segments = Array.from({ length: 40 }, (_, i) => segment(i * 4, i * 4 + 4, i % 5 === 4 ? `Words of cue ${i}.` : `words of cue ${i}`));
  const passages = cutPassages(segments);
  expect(passages[0]).toMatchObject({ seq: 0, start: 0, end: 40 });
  for (const passage of passages.slice(0, -1)) {
    expect(passage.end - passage.start).toBeGreaterThanOrEqual(30);
    expect(passage.end - passage.start).toBeLessThanOrEqual(60);
    expect(passage.text).toMatch(/\.$/);
  }
  expect(passages.map((p) => p.seq)).toEqual(passages.map((_, i) => i));
  expect(passages.map((p) => p.text).join(' ')).toBe(segments.map((s) => s.text).join(' '));
});

it('cuts at 60 seconds when no sentence ends (automatic captions)', () => {
  const passages = cutPassages(Array.from({ length: 60 }, (_, i) => segment(i * 3, i * 3 + 3, `no punctuation ${i}`)));
  expect(passages.length).toBe(3);
  expect(passages.slice(0, -1).every((p) => p.end - p.start === 60)).toBe(true);
});

it("splits one long segment at its sentences, sharing out its time", () => {
  const text = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
  const passages = cutPassages([segment(0, 200, text)]);
  expect(passages.length).toBeGreaterThan(3);
  expect(passages[0]!.start).toBe(0);
  expect(passages.at(-1)!.end).toBe(200);
  for (const passage of passages) expect(passage.end - passage.start).toBeLessThanOrEqual(60);
});

it('cuts segments fed one at a time as it cuts a whole list', () => {
  const segments = Array.from({ length: 100 }, (_, i) => segment(i * 2.5, i * 2.5 + 2.5, i % 7 === 0 ? `End ${i}.` : `more ${i}`));
  const cutter = new PassageCutter();
  const fed = [...segments.flatMap((s) => cutter.push(s)), ...cutter.finish()];
  expect(fed).toEqual(cutPassages(segments));
});

it('picks the text search configuration of the language, else simple', () => {
  expect(searchConfigFor('en')).toBe('english');
  expect(searchConfigFor('pt-BR')).toBe('portuguese');
  expect(searchConfigFor('de_DE')).toBe('german');
  expect(searchConfigFor('ja')).toBe('simple');
  expect(searchConfigFor(null)).toBe('simple');
});
