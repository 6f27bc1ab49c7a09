import { createWordTokenizer } from '../../src/summaries/text/word-tokens';

describe('createWordTokenizer', () => {
  it('keeps English contractions whole and treats curly apostrophes as straight ones', () => {
    expect(createWordTokenizer('en')('Don’t stop, it’s 3.5 km!')).toEqual(["Don't", 'stop', "it's", '3', '5', 'km']);
  });

  it('separates French and Italian elisions when asked to', () => {
    expect(createWordTokenizer('fr', true)("l'eau et qu'il boit")).toEqual(['l', 'eau', 'et', 'qu', 'il', 'boit']);
    expect(createWordTokenizer('it', true)("dell'acqua")).toEqual(['dell', 'acqua']);
  });

  it('finds the words of scripts written without spaces', () => {
    const words = createWordTokenizer('ja')('データを集めてモデルを訓練する');
    expect(words).toEqual(expect.arrayContaining(['データ', 'モデル', '訓練']));
    expect(words.join('')).toBe('データを集めてモデルを訓練する');
  });

  it('reads accented and non-Latin letters as word characters', () => {
    expect(createWordTokenizer('es')('¿Qué tal, señor Müller?')).toEqual(['Qué', 'tal', 'señor', 'Müller']);
    expect(createWordTokenizer('ru')('Привет, мир')).toEqual(['Привет', 'мир']);
  });
});

describe('tokenizing a very long run of unspaced text', () => {
  it('stays fast and loses no words', () => {
    const sentence = 'データを集めてモデルを訓練する。';
    const text = sentence.repeat(20000);
    const started = Date.now();
    const words = createWordTokenizer('ja')(text);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(words.filter((w) => w === 'モデル')).toHaveLength(20000);
  });
});
