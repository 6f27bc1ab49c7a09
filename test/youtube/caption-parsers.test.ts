import {
  CaptionFormatError,
  cleanCaptionText,
  parseJson3Captions,
  parseSrv3Captions,
  parseWebVttCaptions,
} from '../../src/youtube';
import { renderJson3, renderSrv3, renderVtt, type CaptionDocument } from '../fake-youtube/caption-formats';
import type { FakeCue } from '../fake-youtube/model';
import { seededRandom } from '../fake-youtube/seeded-random';

// Samples below follow what timedtext actually returns for each fmt.

const ASR_JSON3 = JSON.stringify({
  wireMagic: 'pb3',
  pens: [{}],
  wsWinStyles: [{}, { mhModeHint: 2, juJustifCode: 0, sdScrollDir: 3 }],
  wpWinPositions: [{}, { apPoint: 6, ahHorPos: 20, avVerPos: 100, rcRows: 2, ccCols: 40 }],
  events: [
    { tStartMs: 0, dDurationMs: 212520, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
    { tStartMs: 160, dDurationMs: 4640, wWinId: 1, segs: [{ utf8: '[Music]' }] },
    {
      tStartMs: 4800,
      dDurationMs: 4319,
      wWinId: 1,
      segs: [
        { utf8: 'so', acAsrConf: 0 },
        { utf8: ' today', tOffsetMs: 240, acAsrConf: 0 },
        { utf8: " we're", tOffsetMs: 480, acAsrConf: 0 },
        { utf8: ' going', tOffsetMs: 640, acAsrConf: 0 },
        { utf8: ' to', tOffsetMs: 800, acAsrConf: 0 },
      ],
    },
    { tStartMs: 6990, dDurationMs: 2129, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
    {
      tStartMs: 7000,
      dDurationMs: 4190,
      wWinId: 1,
      segs: [{ utf8: 'talk', acAsrConf: 0 }, { utf8: ' about', tOffsetMs: 320, acAsrConf: 0 }, { utf8: ' bees', tOffsetMs: 720 }],
    },
  ],
});

const ASR_SRV3 = `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
<head>
<ws id="0"/>
<ws id="1" mh="2" ju="0" sd="3"/>
<wp id="0"/>
<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>
</head>
<body>
<w t="0" id="1" wp="1" ws="1"/>
<p t="160" d="4640" w="1"><s ac="0">[Music]</s></p>
<p t="4800" d="4319" w="1"><s ac="0">so</s><s t="240" ac="0"> today</s><s t="480" ac="0"> we&amp;#39;re</s><s t="640" ac="0"> going</s><s t="800" ac="0"> to</s></p>
<p t="6990" d="2129" w="1" a="1">
</p>
<p t="7000" d="4190" w="1"><s ac="0">talk</s><s t="320" ac="0"> about</s><s t="720" ac="0"> bees</s></p>
</body>
</timedtext>
`;

const ASR_VTT = `WEBVTT
Kind: captions
Language: en

00:00:00.160 --> 00:00:04.790 align:start position:0%
[Music]

00:00:04.790 --> 00:00:04.800 align:start position:0%
[Music]
 

00:00:04.800 --> 00:00:06.990 align:start position:0%
[Music]
so<00:00:05.040><c> today</c><00:00:05.280><c> we're</c><00:00:05.440><c> going</c><00:00:05.600><c> to</c>

00:00:06.990 --> 00:00:07.000 align:start position:0%
so today we're going to
 

00:00:07.000 --> 00:00:11.180 align:start position:0%
so today we're going to
talk<00:00:07.320><c> about</c><00:00:07.720><c> bees</c>

00:00:11.180 --> 00:00:11.190 align:start position:0%
talk about bees
 

`;

describe('json3', () => {
  it('reads automatic captions: word runs joined, window and line-break events dropped', () => {
    expect(parseJson3Captions(ASR_JSON3)).toEqual([
      { start: 0.16, end: 4.8, text: '[Music]' },
      { start: 4.8, end: 9.119, text: "so today we're going to" },
      { start: 7, end: 11.19, text: 'talk about bees' },
    ]);
  });

  it('reads creator captions: entities decoded, line breaks folded, markup removed, end clamped', () => {
    const payload = JSON.stringify({
      wireMagic: 'pb3',
      pens: [{}],
      wsWinStyles: [{}],
      wpWinPositions: [{}],
      events: [
        { tStartMs: 1200, dDurationMs: 2160, segs: [{ utf8: 'It&#39;s a "test" &amp;\nsecond line' }] },
        { tStartMs: 3400, dDurationMs: 500, segs: [{ utf8: ' \n ' }] },
        { tStartMs: 5000, dDurationMs: -20, segs: [{ utf8: '<i>Italic</i> words' }] },
        { tStartMs: 6000, segs: [{ utf8: 'no duration' }] },
      ],
    });
    expect(parseJson3Captions(payload)).toEqual([
      { start: 1.2, end: 3.36, text: 'It\'s a "test" & second line' },
      { start: 5, end: 5, text: 'Italic words' },
      { start: 6, end: 6, text: 'no duration' },
    ]);
  });

  it('rejects payloads that are not json3', () => {
    expect(() => parseJson3Captions('<html>nope</html>')).toThrow(CaptionFormatError);
    expect(() => parseJson3Captions('{"something":"else"}')).toThrow(CaptionFormatError);
    expect(parseJson3Captions('{"events":[]}')).toEqual([]);
  });
});

describe('srv3', () => {
  it('reads automatic captions with word runs and double-encoded entities', () => {
    expect(parseSrv3Captions(ASR_SRV3)).toEqual([
      { start: 0.16, end: 4.8, text: '[Music]' },
      { start: 4.8, end: 9.119, text: "so today we're going to" },
      { start: 7, end: 11.19, text: 'talk about bees' },
    ]);
  });

  it('reads creator captions: <br/> and newlines become spaces, escaped markup is removed', () => {
    const payload =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
      '<p t="1200" d="2160">It&amp;#39;s fish &amp;amp; chips<br/>on Friday</p>' +
      '<p t="3500" d="1000">&amp;lt;i&amp;gt;quietly&amp;lt;/i&amp;gt;\nsaid</p>' +
      '<p t="4600" d="900"></p>' +
      '<p t="5600" d="900">   </p>' +
      '</body></timedtext>';
    expect(parseSrv3Captions(payload)).toEqual([
      { start: 1.2, end: 3.36, text: "It's fish & chips on Friday" },
      { start: 3.5, end: 4.5, text: 'quietly said' },
    ]);
  });

  it('also reads the legacy layout timedtext serves without fmt (times in seconds)', () => {
    const payload =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0" dur="1.54">Hey, this is just a test</text>' +
      '<text start="1.54" dur="4.16">this is &lt;i>not&lt;/i> the original transcript</text>' +
      '<text start="5" dur="0.5"></text>' +
      '<text start="5.7" dur="3.239">I&amp;#39;m done</text></transcript>';
    expect(parseSrv3Captions(payload)).toEqual([
      { start: 0, end: 1.54, text: 'Hey, this is just a test' },
      { start: 1.54, end: 5.7, text: 'this is not the original transcript' },
      { start: 5.7, end: 8.939, text: "I'm done" },
    ]);
  });

  it('rejects payloads that are not caption XML', () => {
    expect(() => parseSrv3Captions('{"events":[]}')).toThrow(CaptionFormatError);
    expect(() => parseSrv3Captions('<html><body>Error 404</body></html>')).toThrow(CaptionFormatError);
  });
});

describe('WebVTT', () => {
  it('collapses the rolling duplicate lines of automatic captions and strips inline timing', () => {
    expect(parseWebVttCaptions(ASR_VTT)).toEqual([
      { start: 0.16, end: 4.8, text: '[Music]' },
      { start: 4.8, end: 7, text: "so today we're going to" },
      { start: 7, end: 11.19, text: 'talk about bees' },
    ]);
  });

  it('reads creator cues with identifiers, NOTE and STYLE blocks, voice tags and entities', () => {
    const payload = [
      'WEBVTT',
      '',
      'STYLE',
      '::cue { color: white }',
      '',
      'NOTE reviewed by the channel',
      '',
      '1',
      '00:00:01.000 --> 00:00:03.500',
      'Fish &amp; chips,',
      '<i>please</i>',
      '',
      'intro-2',
      '01:01:02.250 --> 01:01:04,000 line:90%',
      '<v Roger>It&#39;s me.',
      '',
      '00:00:05.000 --> 00:00:06.000',
      '<c.colorE5E5E5>   </c>',
      '',
    ].join('\r\n');
    expect(parseWebVttCaptions(payload)).toEqual([
      { start: 1, end: 3.5, text: 'Fish & chips, please' },
      { start: 3662.25, end: 3664, text: "It's me." },
    ]);
  });

  it('rejects payloads without the WEBVTT header', () => {
    expect(() => parseWebVttCaptions('00:00:01.000 --> 00:00:02.000\nhello')).toThrow(CaptionFormatError);
    expect(() => parseWebVttCaptions('')).toThrow(CaptionFormatError);
  });
});

describe('caption text', () => {
  it.each([
    ['It&amp;#39;s', "It's"],
    ['&amp;amp;', '&'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['&quot;quoted&quot; &lt;tag&gt;', '"quoted"'],
    ['caf&eacute; &#8212; &#x2019;', 'café — ’'],
    ['line one\nline two\r\n  line three', 'line one line two line three'],
    ['<font color="#E5E5E5">grey</font> text', 'grey text'],
    ['a\u00a0b', 'a b'],
    ['x < y and 3 > 2', 'x < y and 3 > 2'],
    ['[Music]', '[Music]'],
  ])('%j reads as %j', (raw, expected) => {
    expect(cleanCaptionText(raw)).toBe(expected);
  });

  it.each([' leading', 'trailing ', 'two  spaces', 'tab\there', 'no\u00a0break', 'bom\ufeff', 'line\u2028separator', 'nul\u0000', 'half \ud800'])(
    'cleans %j although most text is returned untouched',
    (raw) => {
      expect(cleanCaptionText(raw)).not.toBe(raw);
    },
  );

  it('always gives single-spaced, trimmed text without markup or controls, that reads the same cleaned again', () => {
    const random = seededRandom('caption text');
    const pieces = ['word', 'Ünï', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\ufeff', '\u2028', '&amp;', '&lt;i&gt;', '<i>', '</i>', '&', '<', '\u0000', '\u007f', '\ud83d', '\ude00', '\ud83d\ude00'];
    for (let i = 0; i < 3000; i++) {
      const raw = Array.from({ length: random.int(1, 8) }, () => random.pick(pieces)).join('');
      const text = cleanCaptionText(raw);
      expect({ raw, text, trimmed: text === text.trim(), spaced: !/\s{2}|[^\S ]/.test(text) }).toEqual({ raw, text, trimmed: true, spaced: true });
      expect(text).not.toMatch(/<\/?[a-zA-Z][^<>]*>|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(cleanCaptionText(text)).toBe(text);
    }
  });
});

describe('the three formats of one track', () => {
  const cues: FakeCue[] = [
    { startMs: 0, durationMs: 2400, text: '[Music]' },
    { startMs: 2400, durationMs: 2100, text: "so here's what I learned" },
    { startMs: 4500, durationMs: 1900, text: 'about flour & water ratios' },
    { startMs: 6400, durationMs: 2600, text: 'and why "hydration" > guesswork' },
    { startMs: 9000, durationMs: 2000, text: 'so here\'s what I learned' },
  ];

  it.each([
    ['automatic', true],
    ['creator', false],
  ])('%s captions read the same from json3, srv3 and WebVTT', (_label, automatic) => {
    const doc: CaptionDocument = { cues, automatic, languageCode: 'en' };
    const fromJson3 = parseJson3Captions(renderJson3(doc));
    const fromSrv3 = parseSrv3Captions(renderSrv3(doc));
    const fromVtt = parseWebVttCaptions(renderVtt(doc));

    const expectedTexts = cues.map((c) => c.text);
    expect(fromJson3.map((s) => s.text)).toEqual(expectedTexts);
    expect(fromSrv3.map((s) => s.text)).toEqual(expectedTexts);
    expect(fromVtt.map((s) => s.text)).toEqual(expectedTexts);

    const starts = cues.map((c) => c.startMs / 1000);
    for (const parsed of [fromJson3, fromSrv3, fromVtt]) {
      expect(parsed.map((s) => s.start)).toEqual(starts);
      for (const segment of parsed) expect(segment.end).toBeGreaterThanOrEqual(segment.start);
    }
  });
});

describe('a transcript of about 10 MB', () => {
  const sentence = 'This sentence is one of very many in a transcript that runs for a very long time indeed';
  const cueCount = 110_000;
  const cues: FakeCue[] = Array.from({ length: cueCount }, (_, i) => ({
    startMs: i * 1000,
    durationMs: 950,
    text: `${sentence} ${i}.`,
  }));
  const doc: CaptionDocument = { cues, automatic: false, languageCode: 'en' };

  const totalChars = (segments: Array<{ text: string }>) => segments.reduce((n, s) => n + s.text.length, 0);

  it('parses as json3', () => {
    const segments = parseJson3Captions(renderJson3(doc));
    expect(segments).toHaveLength(cueCount);
    expect(totalChars(segments)).toBeGreaterThan(10_000_000);
    expect(segments[cueCount - 1]).toEqual({ start: (cueCount - 1) * 1, end: cueCount - 1 + 0.95, text: `${sentence} ${cueCount - 1}.` });
  });

  it('parses as srv3', () => {
    const segments = parseSrv3Captions(renderSrv3(doc));
    expect(segments).toHaveLength(cueCount);
    expect(totalChars(segments)).toBeGreaterThan(10_000_000);
  });

  it('parses as WebVTT', () => {
    const segments = parseWebVttCaptions(renderVtt(doc));
    expect(segments).toHaveLength(cueCount);
    expect(totalChars(segments)).toBeGreaterThan(10_000_000);
  });
});
