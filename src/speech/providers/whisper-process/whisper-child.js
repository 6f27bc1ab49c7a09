'use strict';
/*
 * The whisper child process: it answers { id, task } messages with { id, result }, one at a time.
 * Its TypeScript task comes through src/runtime/require-typescript.js.
 */
const process = require('node:process');
const { requireTypeScript } = require('../../../runtime/require-typescript');

const { runWhisperTask } = requireTypeScript('./whisper-task.ts', __filename);

process.on('message', async (message) => {
  const result = await runWhisperTask(message.task);
  process.send({ id: message.id, result });
});
// The parent going away (its IPC channel closing) ends this process too.
process.on('disconnect', () => process.exit(0));
