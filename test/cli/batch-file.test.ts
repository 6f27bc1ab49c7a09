/** The videos of `cli batch submit FILE`, in each form the file may take. */
import { batchRequestFrom } from '../../src/cli/batch-file';
import { UsageError } from '../../src/cli/usage-error';

const A = 'https://www.youtube.com/watch?v=EnManAuto01';
const B = 'https://youtu.be/EnAutoOnly1';

describe('a batch file', () => {
  it('one address per line, blank lines and # comments ignored', () => {
    expect(batchRequestFrom(`# talks\n${A}\n\n   \n  # later\n  ${B}  \r\n`, 'videos.txt', undefined)).toEqual({ videos: [{ url: A }, { url: B }] });
  });

  it('a JSON array of addresses or of {url, options}', () => {
    expect(batchRequestFrom(JSON.stringify([A, { url: B, options: { language: 'de' } }]), 'videos.json', undefined)).toEqual({
      videos: [{ url: A }, { url: B, options: { language: 'de' } }],
    });
  });

  it('a whole batch request body, its other fields kept', () => {
    const body = { videos: [{ url: A }], webhook_url: 'https://hooks.example.com/batch', parallel_processing: true };
    expect(batchRequestFrom(JSON.stringify(body), 'batch.json', undefined)).toEqual(body);
  });

  it("the command line's options laid over each video's own", () => {
    const file = JSON.stringify([{ url: A, options: { language: 'de', include_comments: true } }, B]);
    expect(batchRequestFrom(file, 'videos.json', { summary_modes: ['tldr', 'detailed'], language: 'en' })).toEqual({
      videos: [
        { url: A, options: { language: 'en', include_comments: true, summary_modes: ['tldr', 'detailed'] } },
        { url: B, options: { language: 'en', summary_modes: ['tldr', 'detailed'] } },
      ],
    });
  });

  it('refused, naming the file, when empty, beyond 100 videos, or not what it claims to be', () => {
    const refusals: Array<[string, RegExp]> = [
      ['# nothing yet\n\n', /^videos\.txt names no videos$/],
      [Array.from({ length: 101 }, () => A).join('\n'), /^videos\.txt names 101 videos; a batch takes at most 100: split it$/],
      ['[1, 2', /^videos\.txt is not valid JSON: /],
      ['[42]', /^videos\.txt: item 0 is neither a video address nor an object with a url$/],
      ['{"urls": []}', /^videos\.txt: a JSON object must be a batch request, with a "videos" array or a "source"$/],
    ];
    for (const [text, message] of refusals) {
      expect(() => batchRequestFrom(text, 'videos.txt', undefined)).toThrow(UsageError);
      expect(() => batchRequestFrom(text, 'videos.txt', undefined)).toThrow(message);
    }
  });

  it('exactly 100 videos is a batch', () => {
    expect(batchRequestFrom(Array.from({ length: 100 }, () => A).join('\n'), 'videos.txt', undefined).videos).toHaveLength(100);
  });
});
