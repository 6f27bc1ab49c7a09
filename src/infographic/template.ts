/**
 * The layout model drawn as the element tree satori renders: plain `{ type, props }` objects, no
 * JSX and no React. Every element with more than one child is a flex box; every text is a leaf
 * with its model width, its line height in px and its line limit (satori's own clamp, a second
 * guard behind the model's cutting).
 */
import { faceCss } from './fonts';
import {
  CARD_BORDER,
  CHIP_HEIGHT,
  FIGURE_BAR,
  FIGURE_LABEL_GAP,
  FIGURE_NOTE_GAP,
  KICKER_MARK,
  SEGMENT_GAP,
  type FigureColumn,
  type InfographicLayout,
  type LegendEntry,
  type TextBlock,
} from './layout';
import { CANVAS, PALETTE, SPACE, TYPE, type TypeName } from './theme';

export type Style = Record<string, string | number>;

export interface Element {
  type: 'div';
  props: { style: Style; children?: Element | string | Element[] };
}

function box(style: Style, children: Element[] = []): Element {
  const kids = children.filter(Boolean);
  return { type: 'div', props: { style: { display: 'flex', ...style }, children: kids } };
}

function typeStyle(name: TypeName): Style {
  const t = TYPE[name];
  return {
    ...faceCss(t.face),
    fontSize: t.size,
    lineHeight: `${t.lineHeight}px`,
    color: t.color,
    ...(t.letterSpacing ? { letterSpacing: t.letterSpacing } : {}),
  };
}

/** A text the model fitted: its box width, and at most its line limit. */
function text(block: TextBlock, extra: Style = {}): Element {
  return {
    type: 'div',
    props: {
      style: {
        display: 'block',
        width: block.width,
        flexShrink: 0,
        wordBreak: 'break-word',
        lineClamp: block.maxLines,
        ...typeStyle(block.style),
        ...extra,
      },
      children: block.text,
    },
  };
}

/** A short label on one line (headings, numbers, times). */
function label(content: string, name: TypeName, extra: Style = {}): Element {
  return {
    type: 'div',
    props: {
      style: { display: 'block', flexShrink: 0, whiteSpace: 'nowrap', ...typeStyle(name), ...extra },
      children: TYPE[name].uppercase ? content.toUpperCase() : content,
    },
  };
}

/**
 * A white card with a hairline border. The border is the card's outer box showing around its
 * inner one: satori draws CSS borders on rounded boxes with clip paths, which cost resvg far more
 * than two filled shapes. `accent` widens the left edge into a coloured stripe.
 */
function card(children: Element[], options: { accent?: boolean } = {}): Element {
  const left = options.accent ? SPACE.accentStripe : CARD_BORDER;
  let inner = box(
    {
      flexDirection: 'column',
      flexGrow: 1,
      backgroundColor: PALETTE.card,
      // Flush with the layer around it on the right, inset by the stripe on the left.
      borderTopLeftRadius: SPACE.cardRadius - left,
      borderBottomLeftRadius: SPACE.cardRadius - left,
      borderTopRightRadius: SPACE.cardRadius - CARD_BORDER,
      borderBottomRightRadius: SPACE.cardRadius - CARD_BORDER,
      padding: `${SPACE.cardPaddingY}px ${SPACE.cardPaddingX}px ${SPACE.cardPaddingY}px ${SPACE.cardPaddingX - (left - CARD_BORDER)}px`,
    },
    children,
  );
  if (options.accent) {
    inner = box(
      { flexDirection: 'column', flexGrow: 1, backgroundColor: PALETTE.accent, borderRadius: SPACE.cardRadius - CARD_BORDER, paddingLeft: left - CARD_BORDER },
      [inner],
    );
  }
  return box(
    { flexDirection: 'column', flexShrink: 0, backgroundColor: PALETTE.cardBorder, borderRadius: SPACE.cardRadius, padding: CARD_BORDER },
    [inner],
  );
}

export function infographicElement(layout: InfographicLayout, options: { fixedHeight?: boolean } = {}): Element {
  const fixed = options.fixedHeight ?? true;
  const sections = [
    layout.tldr && tldrCard(layout.tldr),
    layout.insights && insightsSection(layout.insights),
    layout.timeline && timelineSection(layout.timeline),
    layout.keyTerms && keyTermsSection(layout.keyTerms),
  ].filter((s): s is Element => Boolean(s));
  sections.forEach((section, i) => {
    if (i > 0) section.props.style.marginTop = SPACE.sectionGap;
  });
  return box(
    {
      flexDirection: 'column',
      width: layout.width,
      ...(fixed ? { height: layout.height } : {}),
      backgroundColor: PALETTE.paper,
      ...faceCss('regular'),
    },
    [
      header(layout.header),
      box(
        {
          flexDirection: 'column',
          flexGrow: 1,
          flexShrink: 1,
          padding: `${SPACE.bodyTop}px ${CANVAS.paddingX}px ${SPACE.bodyBottom}px`,
        },
        sections,
      ),
      footer(layout.footer),
    ],
  );
}

function header(model: InfographicLayout['header']): Element {
  return box(
    {
      flexDirection: 'column',
      flexShrink: 0,
      backgroundColor: PALETTE.ink,
      padding: `${SPACE.headerTop}px ${CANVAS.paddingX}px ${SPACE.headerBottom}px`,
    },
    [
      box({ flexDirection: 'row', alignItems: 'center', height: TYPE.meta.lineHeight }, [
        box({ width: KICKER_MARK - 16, height: 6, borderRadius: 3, backgroundColor: PALETTE.accent, marginRight: 16, flexShrink: 0 }),
        text(model.kicker),
        box({ flexGrow: 1 }),
        ...(model.facts ? [label(model.facts, 'meta', { whiteSpace: 'pre' })] : []),
      ]),
      text(model.title, { marginTop: SPACE.headerGap }),
      box({ height: 1, backgroundColor: PALETTE.inkRule, marginTop: SPACE.figuresAbove, marginBottom: SPACE.figuresBelow, flexShrink: 0 }),
      figuresRow(model.figures),
    ],
  );
}

function tldrCard(model: NonNullable<InfographicLayout['tldr']>): Element {
  return card([cardLabel(model.label), text(model.text)], { accent: true });
}

function figuresRow(model: InfographicLayout['header']['figures']): Element {
  const children: Element[] = [];
  model.columns.forEach((column, i) => {
    if (i > 0) children.push(box({ width: 1, alignSelf: 'stretch', backgroundColor: PALETTE.inkRule, margin: `0 ${SPACE.figureDivider}px` }));
    children.push(figureColumn(column));
  });
  return box({ flexDirection: 'row', height: model.height, flexShrink: 0 }, children);
}

function figureColumn(column: FigureColumn): Element {
  const parts: Element[] = [label(column.label, 'statLabel')];
  if (column.note && column.noteInline) {
    parts.push(
      box({ flexDirection: 'row', alignItems: 'baseline', marginTop: FIGURE_LABEL_GAP, height: TYPE.bigFigure.lineHeight }, [
        text(column.value, { width: 'auto' }),
        text(column.note, { marginLeft: FIGURE_NOTE_GAP }),
      ]),
    );
  } else {
    // A smaller value sits on the baseline of its neighbours' big figures.
    const drop = Math.max(0, TYPE.bigFigure.lineHeight - column.value.lines * TYPE[column.value.style].lineHeight);
    parts.push(text(column.value, { marginTop: FIGURE_LABEL_GAP + drop }));
    if (column.note) parts.push(text(column.note, { marginTop: 4 }));
  }
  if (column.barShare !== null) {
    parts.push(
      box({ width: column.width, height: FIGURE_BAR.height, marginTop: FIGURE_BAR.top, borderRadius: FIGURE_BAR.height / 2, backgroundColor: PALETTE.inkRule, flexShrink: 0 }, [
        box({ width: Math.round(column.width * column.barShare * 100) / 100, height: FIGURE_BAR.height, borderRadius: FIGURE_BAR.height / 2, backgroundColor: PALETTE.accent }),
      ]),
    );
  }
  return box({ flexDirection: 'column', width: column.width, flexShrink: 0 }, parts);
}

/** A card's label, with a note at the right. */
function cardLabel(title: string, note?: string): Element {
  return box({ flexDirection: 'row', justifyContent: 'space-between', height: TYPE.label.lineHeight, marginBottom: SPACE.labelGap, flexShrink: 0 }, [
    label(title, 'label'),
    ...(note ? [label(note, 'labelNote')] : []),
  ]);
}

function insightsSection(model: NonNullable<InfographicLayout['insights']>): Element {
  const rows: Element[] = [];
  model.items.forEach((item, i) => {
    if (i > 0) rows.push(box({ height: 1, backgroundColor: PALETTE.rule, margin: `${SPACE.insightGap / 2}px 0` }));
    rows.push(
      box({ flexDirection: 'row', alignItems: 'flex-start', flexShrink: 0 }, [
        box(
          {
            width: SPACE.badge,
            height: SPACE.badge,
            flexShrink: 0,
            borderRadius: SPACE.badge / 2,
            backgroundColor: i === 0 ? PALETTE.accent : PALETTE.ink,
            alignItems: 'center',
            justifyContent: 'center',
            marginRight: SPACE.badgeGap,
          },
          [label(String(i + 1), 'badge')],
        ),
        text(item, { marginTop: SPACE.insightTextTop }),
      ]),
    );
  });
  return card([cardLabel(model.label), ...rows]);
}

function timelineSection(model: NonNullable<InfographicLayout['timeline']>): Element {
  // The bar's rounded ends are drawn by the segments at its ends, not by clipping: a clip costs
  // resvg a mask per segment.
  const radius = SPACE.timelineRadius;
  const segments = model.segments.map((segment, i) => {
    const last = i === model.segments.length - 1;
    const width = last || segment.width <= 2 * SEGMENT_GAP ? segment.width : segment.width - SEGMENT_GAP;
    const round = Math.min(radius, width / 2);
    const atStart = segment.left === 0;
    return box(
      {
        position: 'absolute',
        left: segment.left,
        top: 0,
        width,
        height: SPACE.timelineBar,
        backgroundColor: segment.color,
        alignItems: 'center',
        justifyContent: 'center',
        ...(atStart ? { borderTopLeftRadius: round, borderBottomLeftRadius: round } : {}),
        ...(last ? { borderTopRightRadius: round, borderBottomRightRadius: round } : {}),
      },
      segment.showNumber ? [label(String(segment.number), 'badge')] : [],
    );
  });
  const bar = box(
    {
      position: 'relative',
      width: model.barWidth,
      height: SPACE.timelineBar,
      borderRadius: radius,
      backgroundColor: PALETTE.track,
      flexShrink: 0,
    },
    segments,
  );
  const axis = box({ flexDirection: 'row', justifyContent: 'space-between', marginTop: SPACE.axisGap }, [
    label(model.axis.start, 'time'),
    label(model.axis.end, 'time'),
  ]);

  const legend = model.legend;
  const cells: Element[] = legend.entries.map((entry) => legendCell(entry, legend.columnWidth, legend.timeWidth));
  if (legend.more) cells.push(box({ width: legend.columnWidth, height: SPACE.legendSwatch, alignItems: 'center' }, [label(legend.more, 'more')]));
  const rows: Element[] = [];
  for (let i = 0; i < cells.length; i += legend.columns) {
    const row = cells.slice(i, i + legend.columns);
    row.forEach((cell, k) => {
      if (k > 0) cell.props.style.marginLeft = SPACE.legendColumnGap;
    });
    rows.push(box({ flexDirection: 'row', marginTop: i === 0 ? SPACE.legendTop : SPACE.legendRowGap, flexShrink: 0 }, row));
  }
  return card([cardLabel(model.label, model.note), bar, axis, ...rows]);
}

function legendCell(entry: LegendEntry, width: number, timeWidth: number): Element {
  return box({ flexDirection: 'row', alignItems: 'center', width, height: SPACE.legendSwatch, flexShrink: 0 }, [
    box(
      {
        width: SPACE.legendSwatch,
        height: SPACE.legendSwatch,
        borderRadius: 8,
        backgroundColor: entry.color,
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      },
      [label(String(entry.number), 'swatch')],
    ),
    label(entry.time, 'time', { width: timeWidth, marginLeft: SPACE.legendSwatchGap }),
    text(entry.title, { marginLeft: SPACE.legendSwatchGap }),
  ]);
}

function keyTermsSection(model: NonNullable<InfographicLayout['keyTerms']>): Element {
  const rows = model.rows.map((row, r) =>
    box(
      { flexDirection: 'row', marginTop: r === 0 ? 0 : SPACE.chipGap, flexShrink: 0 },
      row.map((chip, i) =>
        box(
          {
            width: chip.width,
            height: CHIP_HEIGHT,
            marginLeft: i === 0 ? 0 : SPACE.chipGap,
            borderRadius: CHIP_HEIGHT / 2,
            backgroundColor: PALETTE.chip,
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
          },
          [label(chip.text, 'chip')],
        ),
      ),
    ),
  );
  return card([cardLabel(model.label), ...rows]);
}

function footer(model: InfographicLayout['footer']): Element {
  return box({ flexDirection: 'column', flexShrink: 0 }, [
    box({ height: 1, backgroundColor: PALETTE.rule }),
    box(
      {
        flexDirection: 'row',
        justifyContent: 'space-between',
        alignItems: 'center',
        height: SPACE.footerHeight - 1,
        padding: `0 ${CANVAS.paddingX}px`,
      },
      [label(model.brand, 'footer'), label(model.note, 'footerNote')],
    ),
  ]);
}
