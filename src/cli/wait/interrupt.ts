/**
 * Ctrl-C while waiting stops the waiting and nothing else: the job runs on in the service. The
 * signal handler replaces Node's default (which would end the process mid-line, cursor hidden).
 */
export interface Interrupt {
  signal: AbortSignal;
  dispose(): void;
}

export function interruptOnSigint(): Interrupt {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => process.removeListener('SIGINT', onSigint) };
}
