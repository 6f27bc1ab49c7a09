/**
 * Threads and child processes start from their task's module (src/lib/thread-module.ts): the
 * compiled .js under plain `node`, the .ts with tsx registered in the thread when run from the
 * sources, as here under ts-jest, whose threads have no tsx of their own.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { threadModule } from '../../src/lib/thread-module';
import { encodeLongTranscriptsOnThread } from '../../src/transcripts/transcript-encoder';
import { encodeTranscript } from '../../src/transcripts/encoded-transcript';
import type { Transcript } from '../../src/domain/transcript';

const ROOT = path.resolve(__dirname, '../..');

const transcript: Transcript = {
  language: 'en',
  source: 'captions_manual',
  translated: false,
  segments: [
    { start: 0, end: 2.5, text: 'A first line.' },
    { start: 2.5, end: 5, text: 'And a second one.' },
  ],
};

it('from the sources, starts the .ts module with tsx registered in the thread', async () => {
  const entry = threadModule(path.join(ROOT, 'src/transcripts/thread/encode-task'));
  expect(entry.filename).toBe(path.join(ROOT, 'src/transcripts/thread/encode-task.ts'));
  expect(entry.execArgv).toEqual(['--require', require.resolve('tsx/cjs')]);

  const encoder = encodeLongTranscriptsOnThread({ minThreadedSegments: 1 });
  try {
    expect(await encoder.encode(transcript)).toEqual(encodeTranscript(transcript));
    expect(encoder.stats()).toEqual({ inPlace: 0, onThread: 1 });
  } finally {
    await encoder.close();
  }
});

it('compiled, starts the sibling .js module under plain node, with no tsx anywhere', () => {
  const script = `
    const { threadModule } = require('./dist/src/lib/thread-module');
    const { encodeLongTranscriptsOnThread } = require('./dist/src/transcripts/transcript-encoder');
    const encoder = encodeLongTranscriptsOnThread({ minThreadedSegments: 1 });
    encoder.encode(${JSON.stringify(transcript)}).then(async (encoded) => {
      await encoder.close();
      const entry = threadModule(require('node:path').resolve('dist/src/transcripts/thread/encode-task'));
      console.log(JSON.stringify({ entry, encoded, stats: encoder.stats(), tsx: Boolean(require.extensions['.ts']) }));
    });
  `;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  const result = JSON.parse(out.trim().split('\n').pop()!);
  expect(result.entry).toEqual({ filename: path.join(ROOT, 'dist/src/transcripts/thread/encode-task.js') });
  expect(result.tsx).toBe(false);
  expect(result.stats).toEqual({ inPlace: 0, onThread: 1 });
  expect(result.encoded).toEqual(JSON.parse(JSON.stringify(encodeTranscript(transcript))));
});
