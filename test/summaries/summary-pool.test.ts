/**
 * The summary threads: a job with a long transcript gets a thread that exits after it, so the heap
 * its analysis grew is returned; other jobs share threads kept warm between jobs.
 */
import type { Transcript } from '../../src/domain/transcript';
import { createSummaryPool, type SummaryJob, type SummaryPool } from '../../src/summaries/summary-pool';
import { sleepScienceLecture } from '../fixtures/transcripts/lecture-sleep-science';

const lecture = sleepScienceLecture.input;
const transcript: Transcript = { language: lecture.language, source: 'captions_manual', translated: false, segments: lecture.segments };
const job: SummaryJob = {
  transcriptJson: JSON.stringify(transcript),
  video: { title: lecture.title, videoUrl: lecture.videoUrl, channel: lecture.channel, durationSeconds: lecture.durationSeconds, chapters: lecture.chapters, comments: null },
  modes: ['tldr', 'key_insights'],
};

let pool: SummaryPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

async function threadsSettleAt(summaries: SummaryPool, count: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (summaries.stats().threads !== count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return summaries.stats().threads;
}

it('keeps the thread of a job with a short transcript for the next job', async () => {
  pool = createSummaryPool({ provider: { provider: 'extractive' }, maxThreads: 1, longTranscriptLength: job.transcriptJson.length + 1 });
  await pool.summarize(job);
  expect(pool.stats()).toMatchObject({ runs: 1, longRuns: 0, threads: 1 });
  await pool.summarize(job);
  expect(pool.stats()).toMatchObject({ runs: 2, longRuns: 0, threads: 1 });
});

it('lets the thread of a job with a long transcript go when the job is done, with the same summaries', async () => {
  pool = createSummaryPool({ provider: { provider: 'extractive' }, maxThreads: 1, longTranscriptLength: job.transcriptJson.length });
  const onItsOwnThread = await pool.summarize(job);
  expect(pool.stats()).toMatchObject({ runs: 1, longRuns: 1 });
  expect(await threadsSettleAt(pool, 0)).toBe(0);

  const kept = createSummaryPool({ provider: { provider: 'extractive' }, maxThreads: 1, longTranscriptLength: job.transcriptJson.length + 1 });
  try {
    const onAKeptThread = await kept.summarize(job);
    expect(onItsOwnThread.entries).toEqual(onAKeptThread.entries);
    expect(onItsOwnThread.entries.map((entry) => entry.mode)).toEqual(['tldr', 'key_insights']);
  } finally {
    await kept.close();
  }
});
