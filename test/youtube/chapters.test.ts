import { parseDescriptionChapters } from '../../src/youtube';

describe('chapters from a description', () => {
  it('reads the usual layouts: "0:00 Title", "1:02:03 - Title", "(12:34) Title", "[m:ss] Title"', () => {
    const description = [
      'A long walk through the whole build.',
      '',
      'Timestamps:',
      '0:00 Intro',
      '2:15 - Picking the wood',
      '(12:34) Cutting and sanding',
      '[45:00] Finishing – oil vs. wax',
      '1:02:03 - Q&A',
      '',
      'Tools I used: https://example.com/tools',
    ].join('\n');
    expect(parseDescriptionChapters(description, 4000)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 135, title: 'Picking the wood' },
      { start: 754, title: 'Cutting and sanding' },
      { start: 2700, title: 'Finishing – oil vs. wax' },
      { start: 3723, title: 'Q&A' },
    ]);
  });

  it('accepts bullets, numbering, ranges, trailing timestamps and CRLF line ends', () => {
    expect(parseDescriptionChapters('• 00:00 Welcome\r\n• 01:30 Setup\r\n• 05:00 Demo', 600)).toEqual([
      { start: 0, title: 'Welcome' },
      { start: 90, title: 'Setup' },
      { start: 300, title: 'Demo' },
    ]);
    expect(parseDescriptionChapters('1. 0:00 Start\n2. 0:40 Middle\n3. 1:20 End', 200)).toEqual([
      { start: 0, title: 'Start' },
      { start: 40, title: 'Middle' },
      { start: 80, title: 'End' },
    ]);
    expect(parseDescriptionChapters('00:00 - 01:30 Opening\n01:30 - 04:00 Main part\n04:00 - 06:00 Closing', 360)).toEqual([
      { start: 0, title: 'Opening' },
      { start: 90, title: 'Main part' },
      { start: 240, title: 'Closing' },
    ]);
    expect(parseDescriptionChapters('Intro - 0:00\nThe problem - 1:10\nThe fix (3:20)', 400)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 70, title: 'The problem' },
      { start: 200, title: 'The fix' },
    ]);
  });

  it('gives nothing unless the first chapter is at 0:00', () => {
    expect(parseDescriptionChapters('0:10 Intro\n1:00 Middle\n2:00 End', 300)).toEqual([]);
  });

  it('gives nothing for fewer than three chapters', () => {
    expect(parseDescriptionChapters('0:00 Intro\n1:00 The rest', 300)).toEqual([]);
  });

  it('gives nothing when a chapter is shorter than ten seconds', () => {
    expect(parseDescriptionChapters('0:00 Intro\n0:05 Too soon\n1:00 Rest', 300)).toEqual([]);
    expect(parseDescriptionChapters('0:00 Intro\n1:00 Middle\n4:55 Last', 300)).toEqual([]);
  });

  it('ends the list at the first timestamp that does not move forward', () => {
    const description = '0:00 Intro\n1:00 Verse\n2:00 Chorus\n\nSongs used:\n0:00 Opening theme\n1:30 Outro theme';
    expect(parseDescriptionChapters(description, 300)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 60, title: 'Verse' },
      { start: 120, title: 'Chorus' },
    ]);
  });

  it('drops chapters past the end of the video', () => {
    expect(parseDescriptionChapters('0:00 A\n1:00 B\n2:00 C\n9:00 D', 200)).toEqual([
      { start: 0, title: 'A' },
      { start: 60, title: 'B' },
      { start: 120, title: 'C' },
    ]);
  });

  it('ignores timestamps in running prose and bare timestamps', () => {
    expect(parseDescriptionChapters('At 5:00 I explain why.\nSee 0:00 for the start.\n0:00\n1:00\n2:00', 300)).toEqual([]);
    expect(parseDescriptionChapters('', 300)).toEqual([]);
  });

  it('works without a known duration', () => {
    expect(parseDescriptionChapters('0:00 One\n10:00 Two\n20:00 Three')).toHaveLength(3);
  });
});
