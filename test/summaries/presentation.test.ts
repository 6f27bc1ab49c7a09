import { languageProfile } from '../../src/summaries/language/language-profile';
import { escapeMarkdown } from '../../src/summaries/text/markdown';
import { createPresenter } from '../../src/summaries/text/presentation';

describe('presenting a transcript sentence', () => {
  const autoCaptions = createPresenter({
    language: languageProfile('en'),
    unpunctuated: true,
    lowerCaseOnly: true,
    casingSources: ['Setting up a REST API in TypeScript'],
  });

  it('drops spoken openers, capitalises and ends the sentence', () => {
    expect(autoCaptions.sentence('okay so the first step is to install node')).toBe('The first step is to install node.');
  });

  it('capitalises I and restores the spelling of names the title gives', () => {
    expect(autoCaptions.sentence("and then i'm writing the rest api in typescript")).toBe("I'm writing the REST API in TypeScript.");
  });

  it('ends questions with a question mark', () => {
    expect(autoCaptions.sentence('how do we handle errors in the api')).toBe('How do we handle errors in the API?');
    expect(autoCaptions.sentence('what you want to do is handle errors early')).toBe('What you want to do is handle errors early.');
  });

  it('keeps an opener when too little would be left', () => {
    expect(autoCaptions.sentence('so that works')).toBe('So that works.');
  });

  it('leaves punctuated text as written, apart from the opener', () => {
    const written = createPresenter({ language: languageProfile('en-GB'), unpunctuated: false, lowerCaseOnly: false, casingSources: [] });
    expect(written.sentence('So, what is REM sleep? ')).toBe('What is REM sleep?');
    expect(written.sentence('Caffeine blocks adenosine receptors,')).toBe('Caffeine blocks adenosine receptors.');
  });

  describe('drops a connective that leans on the sentence before, where the rest stands', () => {
    const written = createPresenter({ language: languageProfile('en'), unpunctuated: false, lowerCaseOnly: false, casingSources: [] });
    it.each([
      ['Namely, you find a woman punching the bag.', 'You find a woman punching the bag.'],
      ['See, while the woman waits, the bus leaves.', 'While the woman waits, the bus leaves.'],
      ['Again, the fact that it rains matters.', 'The fact that it rains matters.'],
      ['See the chart for the yearly sales.', 'See the chart for the yearly sales.'],
      ['Instead of plastic, the case is rubber.', 'Instead of plastic, the case is rubber.'],
      ['" And the remote is yellow, says the report.', 'The remote is yellow, says the report.'],
    ])('%s', (spoken, shown) => expect(written.sentence(spoken)).toBe(shown));
  });

  it('ends sentences in scripts without spaces with an ideographic full stop', () => {
    const japanese = createPresenter({ language: languageProfile('ja'), unpunctuated: true, lowerCaseOnly: true, casingSources: [] });
    expect(japanese.sentence('データを集めてモデルを訓練します')).toBe('データを集めてモデルを訓練します。');
  });
});

describe('escapeMarkdown', () => {
  it('keeps transcript text from turning into Markdown structure', () => {
    expect(escapeMarkdown('# of users grew *a lot* in [beta]')).toBe('\\# of users grew \\*a lot\\* in \\[beta\\]');
    expect(escapeMarkdown('1. is the loneliest number')).toBe('1\\. is the loneliest number');
    expect(escapeMarkdown('- dashes at the start')).toBe('\\- dashes at the start');
  });
});
