/** The look shared by every live progress display (cli-progress on the person's terminal). */
import { MultiBar, Presets } from 'cli-progress';

export function createBars(format: string): MultiBar {
  return new MultiBar(
    {
      format,
      stream: process.stdout,
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      autopadding: true,
      // Room for the step or counts beside the bar on an 80-column terminal.
      barsize: 24,
      // Ctrl-C is ours to handle (it stops the waiting, see interrupt.ts); we stop the bars ourselves.
      gracefulExit: false,
    },
    Presets.shades_classic,
  );
}

/** Seconds for a person: "42 s", "3 min 5 s". */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
