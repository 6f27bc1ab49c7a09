/** The infographic's colours keep text readable: WCAG contrast of 3:1 or more for the large and bold text they carry. */
import { PALETTE } from '../../src/infographic/theme';

/** WCAG 2 relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test.each(PALETTE.sections.map((color) => [color]))('white section numbers on %s reach 3:1', (color) => {
  expect(contrast(PALETTE.inkText, color)).toBeGreaterThanOrEqual(3);
});

test.each([
  ['faint text on the page', PALETTE.faint, PALETTE.paper],
  ['faint text on a card', PALETTE.faint, PALETTE.card],
  ['muted text on a card', PALETTE.muted, PALETTE.card],
  ['white on the accent', PALETTE.inkText, PALETTE.accent],
  ['muted header text on the header', PALETTE.inkMuted, PALETTE.ink],
  ['faint header text on the header', PALETTE.inkFaint, PALETTE.ink],
])('%s reaches 3:1', (_what, foreground, background) => {
  expect(contrast(foreground, background)).toBeGreaterThanOrEqual(3);
});
