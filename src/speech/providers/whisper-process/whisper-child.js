'use strict';
/*
 * The whisper child process: it answers { id, task } messages with { id, result }, one at a time.
 * The service runs TypeScript through tsx with no build step, and a child started by a test runner
 * or plain `node` does not have it, so this plain-JS entry loads the task itself.
 */
const process = require('node:process');
const { require: requireTs } = require('tsx/cjs/api');

const { runWhisperTask } = requireTs('./whisper-task.ts', __filename);

process.on('message', async (message) => {
  const result = await runWhisperTask(message.task);
  process.send({ id: message.id, result });
});
// The parent going away (its IPC channel closing) ends this process too.
process.on('disconnect', () => process.exit(0));
