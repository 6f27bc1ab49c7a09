import { infographicDataFrom, type InfographicData } from '../../src/infographic/infographic-data';
import { CARD_BORDER, CARD_INNER_WIDTH, layoutInfographic, type InfographicLayout, type TextBlock } from '../../src/infographic/layout';
import { infographicSvg, renderInfographic } from '../../src/infographic/render-infographic';
import { ELLIPSIS, fitText, textWidth, wrapLines } from '../../src/infographic/text-fit';
import { CANVAS, CONTENT_WIDTH, PALETTE, SPACE, TYPE } from '../../src/infographic/theme';
import { exampleSource } from './example-job';
import { pngSize, svgHeight } from './png';

function example(change: (data: InfographicData) => void = () => {}): InfographicData {
  const data = infographicDataFrom(exampleSource());
  change(data);
  return data;
}

/** The block's text really takes no more lines than the model says, and no more than allowed. */
function expectBounded(block: TextBlock): void {
  expect(block.lines).toBeLessThanOrEqual(block.maxLines);
  expect(wrapLines(block.text, TYPE[block.style], block.width).length).toBe(block.lines);
}

/** Rendered at the model's fixed height, and satori, left to choose the height, needs exactly that much. */
async function expectRendersAsModelled(layout: InfographicLayout, data: InfographicData): Promise<void> {
  const { svg, png } = await renderInfographic(data);
  expect(pngSize(png)).toEqual({ width: 1080, height: layout.height });
  expect(svgHeight(svg)).toBe(layout.height);
  expect(svgHeight(await infographicSvg(layout, { fixedHeight: false }))).toBe(layout.contentHeight);
}

const LONG_TITLE =
  'The Complete and Utterly Exhaustive Beginner-to-Expert Guide to Sourdough Bread: Starters, Hydration, Autolyse, ' +
  'Bulk Fermentation, Shaping, Scoring, Baking in a Dutch Oven, Troubleshooting Dense Crumb and Everything Else You Ever Wanted to Know';

describe('infographic layout', () => {
  it('cuts a 300-character title to three lines ending in an ellipsis, and renders at its height', async () => {
    const title = `${LONG_TITLE} ${LONG_TITLE}`.slice(0, 300);
    expect(title).toHaveLength(300);
    const data = example((d) => (d.title = title));
    const layout = layoutInfographic(data);
    const block = layout.header.title;
    expectBounded(block);
    expect(block.lines).toBe(3);
    expect(block.cut).toBe(true);
    expect(block.text.endsWith(ELLIPSIS)).toBe(true);
    expect(title.startsWith(block.text.slice(0, -1))).toBe(true);
    expect(layout.height).toBeLessThanOrEqual(CANVAS.maxHeight);
    await expectRendersAsModelled(layout, data);
  });

  it('breaks a title of one 300-character word between characters', async () => {
    const data = example((d) => (d.title = 'W'.repeat(300)));
    const layout = layoutInfographic(data);
    expectBounded(layout.header.title);
    expect(layout.header.title.lines).toBe(3);
    expect(layout.header.title.text.endsWith(ELLIPSIS)).toBe(true);
    await expectRendersAsModelled(layout, data);
  });

  it('draws 60 chapters in the bar and lists as many as fit, with a count of the rest', async () => {
    const data = example((d) => {
      d.timeline = {
        source: 'chapters',
        sections: Array.from({ length: 60 }, (_, i) => ({ start: i * 40, title: `Chapter ${i + 1}: ${'a rather long chapter title '.repeat(3)}` })),
      };
    });
    const layout = layoutInfographic(data);
    const timeline = layout.timeline!;
    expect(timeline.segments).toHaveLength(60);
    expect(timeline.legend.columns).toBe(2);
    const shown = timeline.legend.entries.length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(2 * layout.budget.legendRows - 1);
    expect(timeline.legend.more).toBe(`+ ${60 - shown} more chapters`);
    for (const entry of timeline.legend.entries) {
      expectBounded(entry.title);
      expect(entry.title.lines).toBe(1);
      expect(entry.title.text.endsWith(ELLIPSIS)).toBe(true);
      expect(textWidth(entry.title.text, TYPE.legend)).toBeLessThanOrEqual(entry.title.width);
    }
    expect(timeline.note).toBe('60 chapters · 42 min');
    expect(layout.contentHeight).toBeLessThanOrEqual(CANVAS.maxHeight);
    await expectRendersAsModelled(layout, data);
  });

  it('shows at most six insights of at most three lines, however many and long they are', async () => {
    const data = example((d) => {
      d.insights = Array.from({ length: 9 }, (_, i) => `Insight ${i + 1}: ${'save early and automate the transfer so nothing depends on willpower '.repeat(8)}`);
    });
    const layout = layoutInfographic(data);
    const items = layout.insights!.items;
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.length).toBeLessThanOrEqual(6);
    for (const item of items) {
      expectBounded(item);
      expect(item.lines).toBeLessThanOrEqual(3);
      expect(item.text.endsWith(ELLIPSIS)).toBe(true);
    }
    expect(layout.contentHeight).toBeLessThanOrEqual(CANVAS.maxHeight);
    await expectRendersAsModelled(layout, data);
  });

  it('keeps everything bounded when every part overflows at once', async () => {
    const data = example((d) => {
      d.title = 'x '.repeat(400);
      d.channel = 'A channel name that goes on and on and on without any end in sight whatsoever';
      d.tldr = 'A very long tldr sentence that keeps going. '.repeat(40);
      d.insights = Array.from({ length: 6 }, () => 'word '.repeat(200));
      d.timeline = { source: 'topics', sections: Array.from({ length: 200 }, (_, i) => ({ start: i * 12, title: 'y'.repeat(200) })) };
      d.keyTerms = Array.from({ length: 10 }, (_, i) => `${'term '.repeat(20)}${i}`);
      d.figures.wordCount = 1_834_567;
      d.figures.readingMinutes = 7709;
    });
    const layout = layoutInfographic(data);
    expect(layout.contentHeight).toBeLessThanOrEqual(CANVAS.maxHeight);
    expect(layout.height).toBe(layout.contentHeight);
    expectBounded(layout.header.title);
    expectBounded(layout.header.kicker);
    expect(layout.header.kicker.lines).toBe(1);
    expectBounded(layout.tldr!.text);
    layout.insights!.items.forEach(expectBounded);
    layout.timeline!.legend.entries.forEach((entry) => expectBounded(entry.title));
    for (const column of layout.header.figures.columns) {
      expectBounded(column.value);
      expect(column.value.cut).toBe(false);
    }
    expect(layout.header.figures.columns.map((c) => c.value.text)).toEqual(['128 h', '1.8M', 'Auto captions']);
    const chips = layout.keyTerms?.rows ?? [];
    expect(chips.length).toBeLessThanOrEqual(3);
    for (const row of chips) {
      const width = row.reduce((sum, chip) => sum + chip.width, 0) + (row.length - 1) * SPACE.chipGap;
      expect(width).toBeLessThanOrEqual(CARD_INNER_WIDTH);
    }
    await expectRendersAsModelled(layout, data);
  });

  it('lays out a job with no summaries and no chapters at the minimum height, without their blocks', async () => {
    const source = exampleSource();
    source.summaries = {};
    source.video.chapters = [];
    const data = infographicDataFrom(source);
    const layout = layoutInfographic(data);
    expect(layout.tldr).toBeNull();
    expect(layout.insights).toBeNull();
    expect(layout.timeline).toBeNull();
    expect(layout.keyTerms).toBeNull();
    expect(layout.contentHeight).toBeLessThan(CANVAS.minHeight);
    expect(layout.height).toBe(CANVAS.minHeight);
    const { png } = await renderInfographic(data);
    expect(pngSize(png)).toEqual({ width: 1080, height: CANVAS.minHeight });
  });

  it('agrees with satori on the height of a realistic job', async () => {
    const layout = layoutInfographic(example());
    expect(layout.insights!.items).toHaveLength(5);
    await expectRendersAsModelled(layout, example());
  });
});

describe('timeline proportions', () => {
  const BAR_X = CANVAS.paddingX + CARD_BORDER + SPACE.cardPaddingX;

  function timelineOf(durationSeconds: number, starts: number[]): NonNullable<InfographicLayout['timeline']> {
    const data = example((d) => {
      d.durationSeconds = durationSeconds;
      d.timeline = { source: 'chapters', sections: starts.map((start, i) => ({ start, title: `Part ${i + 1}` })) };
    });
    return layoutInfographic(data).timeline!;
  }

  it('places each section at its start and sizes it by its length within the video', () => {
    const timeline = timelineOf(600, [0, 60, 240, 540]);
    expect(timeline.barWidth).toBe(846);
    expect(timeline.segments.map((s) => [s.start, s.end, s.left, s.width])).toEqual([
      [0, 60, 0, 84.6],
      [60, 240, 84.6, 253.8],
      [240, 540, 338.4, 423],
      [540, 600, 761.4, 84.6],
    ]);
    expect(timeline.axis).toEqual({ start: '0:00', end: '10:00' });
    expect(timeline.legend.entries.map((e) => e.time)).toEqual(['0:00', '1:00', '4:00', '9:00']);
    expect(timeline.legend.more).toBeNull();
  });

  it('leaves the time before a late first section empty', () => {
    const timeline = timelineOf(3600, [900, 1800, 3000]);
    expect(timeline.segments.map((s) => [s.left, s.width])).toEqual([
      [211.5, 211.5],
      [423, 282],
      [705, 141],
    ]);
    expect(timeline.axis.end).toBe('1:00:00');
    expect(timeline.legend.entries.map((e) => e.time)).toEqual(['15:00', '30:00', '50:00']);
  });

  it('numbers only the segments wide enough for a number', () => {
    const timeline = timelineOf(1000, [0, 10, 500]);
    expect(timeline.segments.map((s) => s.showNumber)).toEqual([false, true, true]);
  });

  it('is drawn where the model puts it', async () => {
    const data = example((d) => {
      d.durationSeconds = 600;
      d.timeline = { source: 'chapters', sections: [0, 60, 240, 540].map((start, i) => ({ start, title: `Part ${i + 1}` })) };
    });
    const layout = layoutInfographic(data);
    const { svg } = await renderInfographic(data);
    // Rectangles, and paths for the two with rounded ends.
    const rects = [...svg.matchAll(/<(?:rect|path) x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="([\d.]+)" fill="(#[0-9A-F]{6})"/g)]
      .filter((m) => Number(m[3]) === SPACE.timelineBar && m[4] !== PALETTE.track)
      .map((m) => ({ x: Number(m[1]) - BAR_X, width: Number(m[2]), color: m[4] }))
      .sort((a, b) => a.x - b.x);
    const segments = layout.timeline!.segments;
    expect(rects.map((r) => r.color)).toEqual(segments.map((s) => s.color));
    rects.forEach((rect, i) => {
      const segment = segments[i]!;
      const last = i === segments.length - 1;
      expect(Math.abs(rect.x - segment.left)).toBeLessThanOrEqual(1);
      // Segments but the last leave a 2 px gap to the next one.
      expect(Math.abs(rect.width - (last ? segment.width : segment.width - 2))).toBeLessThanOrEqual(1);
    });
  });
});

describe('text fitting', () => {
  it('keeps a text that fits whole', () => {
    expect(fitText('Short and sweet', TYPE.body, 500, 2)).toEqual({ text: 'Short and sweet', lines: 1, cut: false });
  });

  it('cuts after a word on the last allowed line', () => {
    const fitted = fitText('one two three four five six seven eight nine ten eleven twelve', TYPE.body, 200, 2);
    expect(fitted.cut).toBe(true);
    expect(fitted.lines).toBe(2);
    expect(fitted.text).toMatch(/^one two three four [a-z ]+…$/);
    expect(wrapLines(fitted.text, TYPE.body, 200)).toHaveLength(2);
  });

  it('breaks between ideographs and measures missing glyphs as boxes', () => {
    const lines = wrapLines('東京の朝ごはん'.repeat(20), TYPE.body, CONTENT_WIDTH);
    expect(lines.length).toBeGreaterThan(1);
    expect(textWidth('ภาษาไทย', TYPE.body)).toBeGreaterThan(0);
  });

  it('folds white space and drops control characters', () => {
    expect(fitText('  a\n\tb\u0007  c\u200B ', TYPE.body, 500, 1).text).toBe('a b c');
  });
});
