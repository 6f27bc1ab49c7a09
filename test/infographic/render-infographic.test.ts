import { infographicDataFrom, type InfographicData } from '../../src/infographic/infographic-data';
import { layoutInfographic } from '../../src/infographic/layout';
import { renderInfographic } from '../../src/infographic/render-infographic';
import { faceMetrics } from '../../src/infographic/fonts';
import { exampleSource } from './example-job';
import { pngSize, svgHeight } from './png';

describe('renderInfographic', () => {
  it('renders a 1080 px wide PNG from an SVG of paths', async () => {
    const data = infographicDataFrom(exampleSource());
    const { svg, png } = await renderInfographic(data);
    const layout = layoutInfographic(data);
    expect(pngSize(png)).toEqual({ width: 1080, height: layout.height });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svgHeight(svg)).toBe(layout.height);
    // Text is drawn as outlines: the SVG needs no font to be read.
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<path');
  });

  it('renders the same bytes for the same data', async () => {
    const first = await renderInfographic(infographicDataFrom(exampleSource()));
    const second = await renderInfographic(infographicDataFrom(exampleSource()));
    expect(second.svg).toBe(first.svg);
    expect(Buffer.compare(second.png, first.png)).toBe(0);
    // And different data renders differently.
    const other = await renderInfographic({ ...infographicDataFrom(exampleSource()), title: 'Another video' });
    expect(other.svg).not.toBe(first.svg);
    expect(Buffer.compare(other.png, first.png)).not.toBe(0);
  });

  it('draws scripts the font lacks as boxes, without fetching anything or breaking the layout', async () => {
    // DejaVu has no Japanese or Thai glyphs.
    const metrics = faceMetrics('display');
    expect(metrics.covers('東'.codePointAt(0)!)).toBe(false);
    expect(metrics.covers('ท'.codePointAt(0)!)).toBe(false);
    const data: InfographicData = {
      ...infographicDataFrom(exampleSource()),
      title: '【完全解説】東京の朝ごはん：地元の人が通う十軒の名店を一日で巡る旅 '.repeat(4),
      channel: 'ช่องรายการอาหารไทย',
      tldr: 'สรุปสั้น ๆ ของวิดีโอนี้เป็นภาษาไทยซึ่งไม่มีการเว้นวรรคระหว่างคำ'.repeat(6),
      keyTerms: ['ต้มยำกุ้ง', '朝ごはん', 'Frühstück'],
    };
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in a render'));
    try {
      const layout = layoutInfographic(data);
      expect(layout.header.title.lines).toBeLessThanOrEqual(3);
      expect(layout.header.title.cut).toBe(true);
      expect(layout.header.kicker.lines).toBe(1);
      expect(layout.tldr!.text.lines).toBeLessThanOrEqual(6);
      const first = await renderInfographic(data);
      const second = await renderInfographic(data);
      expect(pngSize(first.png)).toEqual({ width: 1080, height: layout.height });
      expect(Buffer.compare(first.png, second.png)).toBe(0);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('reports where the time went', async () => {
    const timings: unknown[] = [];
    await renderInfographic(infographicDataFrom(exampleSource()), (t) => timings.push(t));
    expect(timings).toEqual([{ layoutMs: expect.any(Number), satoriMs: expect.any(Number), resvgMs: expect.any(Number) }]);
  });
});
