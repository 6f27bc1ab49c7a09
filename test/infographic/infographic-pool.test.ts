import { createInfographicRenderer, type InfographicRenderer } from '../../src/infographic/infographic-pool';
import { infographicDataFrom } from '../../src/infographic/infographic-data';
import { layoutInfographic } from '../../src/infographic/layout';
import { renderInfographic } from '../../src/infographic/render-infographic';
import { exampleSource } from './example-job';
import { pngSize } from './png';

describe('createInfographicRenderer', () => {
  let renderer: InfographicRenderer;

  beforeAll(() => {
    renderer = createInfographicRenderer();
  });

  afterAll(async () => {
    await renderer.close();
  });

  it('renders on a worker thread, leaving the event loop free, the same image as in process', async () => {
    const data = infographicDataFrom(exampleSource());
    // Warm the thread (it loads tsx, the fonts and satori), so what follows times a render.
    await renderer.render(data);

    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    const { svg, png } = await renderer.render(data);
    const elapsed = performance.now() - started;
    clearInterval(timer);

    expect(Buffer.isBuffer(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 1080, height: layoutInfographic(data).height });
    // On this thread a render holds the event loop for its whole duration: not one tick would run.
    expect(elapsed).toBeGreaterThan(20);
    expect(ticks).toBeGreaterThanOrEqual(2);

    const local = await renderInfographic(data);
    expect(svg).toBe(local.svg);
    expect(Buffer.compare(png, local.png)).toBe(0);
  });

  it('queues renders beyond its one thread', async () => {
    const data = infographicDataFrom(exampleSource());
    const results = await Promise.all([renderer.render(data), renderer.render({ ...data, title: 'Second' })]);
    expect(results.map((r) => pngSize(r.png).width)).toEqual([1080, 1080]);
    expect(results[0]!.svg).not.toBe(results[1]!.svg);
  });

  it('gives up a render when told to', async () => {
    const controller = new AbortController();
    const pending = renderer.render(infographicDataFrom(exampleSource()), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
