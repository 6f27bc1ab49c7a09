/**
 * Replays saved histories of real job workflows against the current workflow code. A change that
 * would break workflows already running (reordered or removed activities, new non-determinism)
 * fails here before it ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker, bundleWorkflowCode } from '@temporalio/worker';
import { workflowBundle } from '../support/infrastructure';

const HISTORIES = path.join(__dirname, 'histories');
const histories = fs
  .readdirSync(HISTORIES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ workflowId: file.replace(/\.json$/, ''), history: JSON.parse(fs.readFileSync(path.join(HISTORIES, file), 'utf8')) }));

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
      // The current version of each workflow: comments and an infographic, comments refused (a
      // warning), failures, and summaries by a language model (a 429 retried, a fallback).
      'video-job-v4-completed-with-webhook',
      'video-job-v4-comments-refused',
      'video-job-v4-failed-unavailable',
      'video-job-v4-failed-blocked-after-retries',
      'video-job-v4-model-retried-after-429',
      'video-job-v4-model-fallback',
      'webhook-delivery-retried',
      'batch-partial-failure',
    ]),
  );
});

it.each(histories.map((h) => [h.workflowId, h]))('replays %s deterministically', async (_name, entry) => {
  await Worker.runReplayHistory({ workflowBundle: workflowBundle(), replayName: 'replay-test' }, entry.history, entry.workflowId);
});

it('catches a change that reorders the activities of running workflows', async () => {
  const reordered = await bundleWorkflowCode({
    workflowsPath: require.resolve('./fixtures/reordered-video-job'),
    logger: silentLogger,
  });
  const completed = histories.find((h) => h.workflowId === 'video-job-completed-all-modes')!;
  await expect(Worker.runReplayHistory({ workflowBundle: reordered, replayName: 'replay-negative' }, completed.history)).rejects.toThrow(
    /[Nn]ondetermin/,
  );
});
