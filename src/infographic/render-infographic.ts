/**
 * One infographic: the layout model, drawn by satori as SVG (text as paths, so no font is needed
 * to read it), rasterised by resvg to PNG at 1080 px wide. CPU work only, and deterministic: the
 * same data gives the same SVG and PNG bytes. Runs on a worker thread in the service (see
 * infographic-pool.ts); call it directly only where blocking the event loop does not matter.
 */
import { performance } from 'node:perf_hooks';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { satoriFonts } from './fonts';
import type { InfographicData } from './infographic-data';
import { layoutInfographic, type InfographicLayout } from './layout';
import { infographicElement } from './template';
import { CANVAS, PALETTE } from './theme';

export interface RenderedInfographic {
  svg: string;
  png: Buffer;
}

/** Where the time of one render went, ms. */
export interface RenderTimings {
  layoutMs: number;
  satoriMs: number;
  resvgMs: number;
}

/**
 * Scripts DejaVu has no glyphs for (CJK, Thai, ...) are drawn as its empty boxes. Satori asks
 * for extra fonts for them: the answer is always none, so a render never fetches anything.
 */
async function noAdditionalAssets(): Promise<[]> {
  return [];
}

/** The SVG of a laid-out infographic; `fixedHeight: false` lets the content decide the height. */
export async function infographicSvg(layout: InfographicLayout, options: { fixedHeight?: boolean } = {}): Promise<string> {
  const fixed = options.fixedHeight ?? true;
  // The tree is built as plain objects; satori's types ask for a React node.
  const element = infographicElement(layout, { fixedHeight: fixed }) as unknown as Parameters<typeof satori>[0];
  return satori(element, {
    width: layout.width,
    ...(fixed ? { height: layout.height } : {}),
    fonts: satoriFonts(),
    loadAdditionalAsset: noAdditionalAssets,
  });
}

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: CANVAS.width },
    font: { loadSystemFonts: false },
    background: PALETTE.paper,
  });
  return resvg.render().asPng();
}

export async function renderInfographic(data: InfographicData, onTimings?: (timings: RenderTimings) => void): Promise<RenderedInfographic> {
  const started = performance.now();
  const layout = layoutInfographic(data);
  const laidOut = performance.now();
  const svg = await infographicSvg(layout);
  const drawn = performance.now();
  const png = svgToPng(svg);
  onTimings?.({ layoutMs: laidOut - started, satoriMs: drawn - laidOut, resvgMs: performance.now() - drawn });
  return { svg, png };
}
