/**
 * The infographic's look, defined once: canvas, palette, type scale and spacing. The layout
 * model measures text with these styles and the template draws with the same ones, so what the
 * model predicts (line counts, heights) is what satori lays out.
 */

/** Canvas: portrait, 1080 px wide; the height follows the content between these bounds. */
export const CANVAS = {
  width: 1080,
  minHeight: 1350,
  maxHeight: 2400,
  paddingX: 72,
} as const;

/** Width of everything inside the side padding. */
export const CONTENT_WIDTH = CANVAS.width - 2 * CANVAS.paddingX;

export const PALETTE = {
  /** Page background below the header. */
  paper: '#F4F1EA',
  /** Cards. */
  card: '#FFFFFF',
  cardBorder: '#E6E0D4',
  /** Header band. */
  ink: '#15203A',
  inkText: '#FFFFFF',
  inkMuted: '#A9B4CB',
  inkFaint: '#7F8BA8',
  inkRule: '#2C3858',
  /** Body text and headings. */
  text: '#1A2233',
  muted: '#5E687A',
  faint: '#737B8C',
  rule: '#E9E4DA',
  /** The one accent: labels, numbers, the reading-time bar. */
  accent: '#E4572E',
  accentSoft: '#FCE3D9',
  /** Empty part of bars. */
  track: '#E7E2D8',
  chip: '#E9EEF6',
  chipText: '#22314F',
  /** Timeline sections, in turn; each carries white numbers at 3:1 or more (WCAG, large text). */
  sections: ['#1F7A8C', '#E4572E', '#B8740A', '#3D5A80', '#5F8A3C', '#8E5BA8'],
} as const;

export type FaceName = 'regular' | 'bold' | 'display' | 'mono';

export interface TextStyle {
  face: FaceName;
  /** px */
  size: number;
  /** px, a whole number so heights add up exactly. */
  lineHeight: number;
  /** px between characters. */
  letterSpacing?: number;
  color: string;
  uppercase?: boolean;
}

const type = <K extends string>(styles: Record<K, TextStyle>): Record<K, TextStyle> => styles;

/** The type scale: every piece of text uses one of these. */
export const TYPE = type({
  eyebrow: { face: 'bold', size: 22, lineHeight: 28, letterSpacing: 3, color: PALETTE.accent, uppercase: true },
  title: { face: 'display', size: 54, lineHeight: 62, color: PALETTE.inkText },
  meta: { face: 'regular', size: 27, lineHeight: 36, color: PALETTE.inkMuted },
  label: { face: 'bold', size: 20, lineHeight: 26, letterSpacing: 2.5, color: PALETTE.accent, uppercase: true },
  statLabel: { face: 'bold', size: 18, lineHeight: 24, letterSpacing: 2, color: PALETTE.inkFaint, uppercase: true },
  labelNote: { face: 'regular', size: 20, lineHeight: 26, color: PALETTE.faint },
  lead: { face: 'regular', size: 29, lineHeight: 43, color: PALETTE.text },
  body: { face: 'regular', size: 26, lineHeight: 37, color: PALETTE.text },
  bigFigure: { face: 'display', size: 46, lineHeight: 52, color: PALETTE.inkText },
  figure: { face: 'display', size: 34, lineHeight: 42, color: PALETTE.inkText },
  figureNote: { face: 'regular', size: 22, lineHeight: 30, color: PALETTE.inkMuted },
  badge: { face: 'bold', size: 21, lineHeight: 26, color: PALETTE.inkText },
  swatch: { face: 'bold', size: 16, lineHeight: 20, color: PALETTE.inkText },
  time: { face: 'mono', size: 22, lineHeight: 32, color: PALETTE.muted },
  legend: { face: 'regular', size: 24, lineHeight: 32, color: PALETTE.text },
  more: { face: 'regular', size: 22, lineHeight: 32, color: PALETTE.muted },
  chip: { face: 'regular', size: 24, lineHeight: 30, color: PALETTE.chipText },
  footer: { face: 'bold', size: 20, lineHeight: 26, letterSpacing: 2, color: PALETTE.faint, uppercase: true },
  footerNote: { face: 'regular', size: 20, lineHeight: 26, color: PALETTE.faint },
});

export type TypeName = keyof typeof TYPE;

/** Spacing, px. */
export const SPACE = {
  headerTop: 60,
  headerBottom: 56,
  headerGap: 22,
  /** Above and below the rule between the video's facts and its figures. */
  figuresAbove: 36,
  figuresBelow: 32,
  figureDivider: 28,
  bodyTop: 56,
  bodyBottom: 40,
  sectionGap: 36,
  /** Below a card's label. */
  labelGap: 18,
  cardPaddingX: 44,
  cardPaddingY: 34,
  cardRadius: 22,
  /** The tldr card's coloured left edge. */
  accentStripe: 8,
  insightGap: 22,
  /** Drops an insight's first line to the middle of its number badge. */
  insightTextTop: 5,
  badge: 46,
  badgeGap: 24,
  timelineBar: 52,
  timelineRadius: 12,
  axisGap: 10,
  legendTop: 22,
  legendRowGap: 8,
  legendColumnGap: 32,
  legendSwatch: 30,
  legendSwatchGap: 14,
  chipPaddingX: 20,
  chipPaddingY: 10,
  chipGap: 12,
  footerHeight: 88,
} as const;
