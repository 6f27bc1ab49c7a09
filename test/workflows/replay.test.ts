/**
 * Replays saved histories of real job workflows against the current workflow code. A change that
 * would break workflows already running (reordered or removed activities, new non-determinism)
 * fails here before it ships. The replay is the one `cli jobs replay` runs (workers/replay-histories.ts).
 */
import { bundleWorkflowCode } from '@temporalio/worker';
import path from 'node:path';
import { readHistoryFiles } from '../../src/temporal/workflow-histories';
import { replayHistories } from '../../workers/replay-histories';
import { workflowBundle } from '../support/infrastructure';

const histories = readHistoryFiles([path.join(__dirname, 'histories')]);

const silentLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never;

it('has saved histories of every workflow: the 1.0 baseline, and the versions after it', () => {
  expect(histories.map((h) => h.workflowId)).toEqual(
    expect.arrayContaining([
      // Comments and an infographic with a webhook delivered by a child workflow, comments
      // refused (a warning), failures, summaries by a language model (a 429 retried, a
      // fallback), speech-to-text (a captionless video with a 429 retried, speech_to_text asked
      // for, a refused key, no provider configured).
      'video-job-completed-with-webhook',
      'video-job-comments-refused',
      'video-job-failed-unavailable',
      'video-job-failed-blocked-after-retries',
      'video-job-model-retried-after-429',
      'video-job-model-fallback',
      'video-job-no-captions-no-provider',
      'video-job-speech-to-text-retried-after-429',
      'video-job-speech-to-text-requested',
      'video-job-speech-to-text-refused',
      'webhook-delivery-retried',
      'batch-partial-failure',
      // After 1.0: a batch that reads its playlist first (patch batch-reads-its-source), and one
      // whose playlist is private.
      'batch-from-playlist',
      'batch-from-private-playlist',
    ]),
  );
});

it('replays every saved history deterministically', async () => {
  const report = await replayHistories(histories, workflowBundle() as never);
  expect(report).toEqual({ replayed: histories.length, failed: [] });
});

it('catches a change that reorders the activities of running workflows', async () => {
  const reordered = await bundleWorkflowCode({
    workflowsPath: require.resolve('./fixtures/reordered-video-job'),
    logger: silentLogger,
  });
  const completed = histories.filter((h) => h.workflowId === 'video-job-completed-with-webhook' || h.workflowId === 'video-job-model-fallback');
  const report = await replayHistories(completed, reordered);
  expect(report.replayed).toBe(2);
  expect(report.failed.map((f) => f.workflow_id).sort()).toEqual(['video-job-completed-with-webhook', 'video-job-model-fallback']);
  for (const failure of report.failed) expect(failure.error).toMatch(/[Nn]ondetermin/);
});
