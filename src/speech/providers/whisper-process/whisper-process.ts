/**
 * whisper.cpp runs in a child process of the worker, not in the worker itself, for three reasons
 * found with the binding (whisper.node 1.1.3):
 * - stopping a decode only flags it: the native decode runs to its end. Killing the process is the
 *   one way to take the cores back when a chunk runs over its time or its activity is cancelled;
 * - a decode that fails, or is stopped, never settles the binding's promise;
 * - ending a worker thread while a decode runs aborts the whole process (an uncaught Napi::Error).
 * The child keeps the model loaded between chunks and goes away after a while without work; it
 * takes one chunk at a time, since one decode already uses every thread it is given.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { WhisperTask, WhisperTaskResult } from './whisper-task';
import { threadModule } from '../../../lib/thread-module';

export interface WhisperProcessOptions {
  /** The child (and the model it holds) goes away after this long without work. */
  idleTimeoutMs: number;
}

export interface WhisperRun {
  signal?: AbortSignal;
  /** Bound on the chunk from the moment the child starts it (waiting for the one before does not count). */
  timeoutMs: number;
}

/** Why a run ended without the child's answer. */
export type WhisperRunEnd = { ended: 'timeout' | 'aborted' } | { ended: 'crashed'; detail: string };

export interface WhisperProcess {
  run(task: WhisperTask, options: WhisperRun): Promise<WhisperTaskResult | WhisperRunEnd>;
  close(): Promise<void>;
}

const CHILD_ENTRY = threadModule(path.join(__dirname, 'whisper-child'));
/** Enough of whisper.cpp's log to say why the child died. */
const LOG_TAIL_BYTES = 2000;

export function createWhisperProcess(options: WhisperProcessOptions): WhisperProcess {
  let child: ChildProcess | null = null;
  let logTail = '';
  let idleTimer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  function start(): ChildProcess {
    if (child) return child;
    logTail = '';
    // No inherited flags (a debugger's, a test runner's): the child needs none but tsx's from the sources.
    const started = fork(CHILD_ENTRY.filename, [], { execArgv: CHILD_ENTRY.execArgv ?? [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    started.stderr!.setEncoding('utf8');
    started.stderr!.on('data', (text: string) => {
      logTail = (logTail + text).slice(-LOG_TAIL_BYTES);
    });
    started.on('exit', () => {
      if (child === started) child = null;
    });
    // A message to a child that just died: its exit ends the run.
    started.on('error', (error) => {
      logTail = `${logTail}\n${error.message}`.slice(-LOG_TAIL_BYTES);
    });
    child = started;
    return started;
  }

  function stop(): void {
    child?.kill('SIGKILL');
    child = null;
  }

  /** An idle child must not keep the worker process alive, nor hold the model forever. */
  function idle(engine: ChildProcess): void {
    engine.unref();
    engine.channel?.unref();
    idleTimer = setTimeout(stop, options.idleTimeoutMs);
    idleTimer.unref();
  }

  function busy(engine: ChildProcess): void {
    if (idleTimer) clearTimeout(idleTimer);
    engine.ref();
    engine.channel?.ref();
  }

  function runNow(task: WhisperTask, { signal, timeoutMs }: WhisperRun): Promise<WhisperTaskResult | WhisperRunEnd> {
    if (signal?.aborted) return Promise.resolve({ ended: 'aborted' });
    const engine = start();
    busy(engine);
    const id = nextId++;
    return new Promise<WhisperTaskResult | WhisperRunEnd>((resolve) => {
      const finish = (outcome: WhisperTaskResult | WhisperRunEnd) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        engine.off('message', onMessage);
        engine.off('exit', onExit);
        if ('ended' in outcome) stop();
        else idle(engine);
        resolve(outcome);
      };
      const onMessage = (message: { id: number; result: WhisperTaskResult }) => {
        if (message.id === id) finish(message.result);
      };
      const onExit = (code: number | null, signalName: NodeJS.Signals | null) => {
        const lastLine = logTail.trim().split('\n').pop() ?? '';
        finish({ ended: 'crashed', detail: `${signalName ? `killed by ${signalName}` : `exit code ${code}`}${lastLine ? `; last log line: ${lastLine}` : ''}` });
      };
      const onAbort = () => finish({ ended: 'aborted' });
      const timer = setTimeout(() => finish({ ended: 'timeout' }), timeoutMs);
      engine.on('message', onMessage);
      engine.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      engine.send({ id, task });
    });
  }

  return {
    run(task, runOptions) {
      const result = queue.then(() => runNow(task, runOptions));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      stop();
    },
  };
}
