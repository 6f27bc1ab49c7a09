/**
 * The whisper child process (whisper-process.ts forks it): it answers { id, task } messages with
 * { id, result }, one at a time.
 */
import { runWhisperTask, type WhisperTask } from './whisper-task';

process.on('message', async (message: { id: number; task: WhisperTask }) => {
  const result = await runWhisperTask(message.task);
  process.send!({ id: message.id, result });
});
// The parent going away (its IPC channel closing) ends this process too.
process.on('disconnect', () => process.exit(0));
