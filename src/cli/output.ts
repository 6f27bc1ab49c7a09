/** stdout carries the commands' JSON, one value per line; everything meant for a person goes to stderr. */
export function printJsonLine(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

export function printNote(text: string): void {
  process.stderr.write(`${text}\n`);
}
