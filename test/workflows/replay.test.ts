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

it('has saved histories of every workflow, old and current versions', () => {
  expect(histories.map((h) => h.workflowId)).toEqual(
    expect.arrayContaining([
      // Recorded before job-end announcements: workflows of that version may still be running.
      'video-job-completed-all-modes',
      'video-job-failed-unavailable',
      'video-job-failed-blocked-after-retries',
      // Recorded before summaries were written by one activity per job (one activity per mode).
      'video-job-v2-completed-with-webhook',
      'video-job-v2-failed-unavailable',
      'video-job-v2-failed-blocked-after-retries',
      // Recorded before comments and infographics.
      'video-job-v3-completed-with-webhook',
      'video-job-v3-failed-unavailable',
      'video-job-v3-failed-blocked-after-retries',
      'video-job-v3-model-retried-after-429',
      'video-job-v3-model-fallback',
      // Recorded before the end was one activity (local activities recorded and announced it).
      'video-job-v4-completed-with-webhook',
      'video-job-v4-comments-refused',
      'video-job-v4-failed-unavailable',
      'video-job-v4-failed-blocked-after-retries',
      'video-job-v4-model-retried-after-429',
      'video-job-v4-model-fallback',
      // Recorded before speech-to-text (a captionless video failed at its captions).
      'video-job-v5-completed-with-webhook',
      'video-job-v5-comments-refused',
      'video-job-v5-failed-unavailable',
      'video-job-v5-failed-blocked-after-retries',
      'video-job-v5-model-retried-after-429',
      'video-job-v5-model-fallback',
      // Recorded before the webhook's delivery was the job's child (the end activity started it).
      'video-job-v6-completed-with-webhook',
      'video-job-v6-comments-refused',
      'video-job-v6-failed-unavailable',
      'video-job-v6-failed-blocked-after-retries',
      'video-job-v6-model-retried-after-429',
      'video-job-v6-model-fallback',
      'video-job-v6-no-captions-no-provider',
      'video-job-v6-speech-to-text-retried-after-429',
      'video-job-v6-speech-to-text-requested',
      'video-job-v6-speech-to-text-refused',
      'batch-partial-failure',
      // The current version of each workflow: comments and an infographic, comments refused (a
      // warning), failures, summaries by a language model (a 429 retried, a fallback),
      // speech-to-text (a captionless video with a 429 retried, speech_to_text asked for, a
      // refused key, no provider configured); webhooks delivered by a child workflow.
      'video-job-v7-completed-with-webhook',
      'video-job-v7-comments-refused',
      'video-job-v7-failed-unavailable',
      'video-job-v7-failed-blocked-after-retries',
      'video-job-v7-model-retried-after-429',
      'video-job-v7-model-fallback',
      'video-job-v7-no-captions-no-provider',
      'video-job-v7-speech-to-text-retried-after-429',
      'video-job-v7-speech-to-text-requested',
      'video-job-v7-speech-to-text-refused',
      'webhook-delivery-retried',
      'batch-v2-partial-failure',
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
  const completed = histories.filter((h) => h.workflowId === 'video-job-completed-all-modes' || h.workflowId === 'video-job-v5-completed-with-webhook');
  const report = await replayHistories(completed, reordered);
  expect(report.replayed).toBe(2);
  expect(report.failed.map((f) => f.workflow_id).sort()).toEqual(['video-job-completed-all-modes', 'video-job-v5-completed-with-webhook']);
  for (const failure of report.failed) expect(failure.error).toMatch(/[Nn]ondetermin/);
});
