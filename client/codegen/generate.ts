/**
 * `npm run generate:client`: writes client/openapi.json from the declared routes (no running
 * service needed) and client/openapi.d.ts from it with openapi-typescript.
 *
 * `npm run generate:client -- --check` writes nothing: it exits 1, naming the first line that
 * differs, when the committed files are not what the routes give now (the drift test runs it).
 * `--dir DIR` reads and writes DIR instead of client/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describedApiDocument } from '../../src/http/api-description';
import { GENERATED_FILES, renderDocument } from './generated-files';
import { renderTypes } from './render-types';

/** Where the committed text first departs from the generated one, so a failure is readable. */
function firstDifference(generated: string, committed: string): string | null {
  if (generated === committed) return null;
  const [want, got] = [generated.split('\n'), committed.split('\n')];
  let at = 0;
  while (at < want.length && want[at] === got[at]) at += 1;
  return `line ${at + 1} is ${JSON.stringify(got[at] ?? '<end of file>')}, the routes give ${JSON.stringify(want[at] ?? '<end of file>')}`;
}

async function generate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { check: { type: 'boolean' }, dir: { type: 'string' } }, strict: true });
  const clientDir = path.resolve(values.dir ?? path.join(__dirname, '..'));
  const document = describedApiDocument();
  const files = [
    [GENERATED_FILES.document, renderDocument(document)],
    [GENERATED_FILES.types, await renderTypes(document)],
  ] as const;

  let stale = 0;
  for (const [name, text] of files) {
    const target = path.join(clientDir, name);
    const shown = path.relative(process.cwd(), target);
    const difference = fs.existsSync(target) ? firstDifference(text, fs.readFileSync(target, 'utf8')) : 'it does not exist';
    if (difference === null) {
      process.stdout.write(`unchanged ${shown}\n`);
    } else if (values.check) {
      stale += 1;
      process.stdout.write(`stale     ${shown}: ${difference}\n`);
    } else {
      fs.writeFileSync(target, text);
      process.stdout.write(`wrote     ${shown}\n`);
    }
  }
  if (stale > 0) process.stdout.write('the routes changed since the client was generated: run npm run generate:client\n');
  return stale > 0 ? 1 : 0;
}

generate(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`generate:client failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
