/**
 * The typed client cannot drift from the routes: the committed OpenAPI document and types must be
 * what `npm run generate:client` writes from the routes as declared now, the types must compile,
 * and the document must name exactly the routes the Koa router serves.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describedApiDocument, mountedRoutes, type OpenApiDocument } from '../../src/http/api-description';
import { compareRoutes } from '../../src/http/route-agreement';
import { GENERATED_FILES } from '../../client/codegen/generated-files';

const ROOT = path.resolve(__dirname, '../..');
const CLIENT_DIR = path.join(ROOT, 'client');

/**
 * The generator as `npm run generate:client` runs it. A child process, because openapi-typescript
 * needs Node's require of ES modules, which jest's module loader does not offer on Node 20.
 */
function generator(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--require', 'tsx/cjs', 'client/codegen/generate.ts', ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let document: OpenApiDocument;

beforeAll(() => {
  document = describedApiDocument();
});

describe('the committed client', () => {
  it('holds what the generator makes of the routes now, document and types', async () => {
    const check = await generator(['--check']);
    expect(check.stdout).toBe(`unchanged client/${GENERATED_FILES.document}\nunchanged client/${GENERATED_FILES.types}\n`);
    expect(check.code).toBe(0);
  });

  it('is found stale when a route changes without generating again', async () => {
    const stale = fs.mkdtempSync(path.join(os.tmpdir(), 'client-drift-'));
    try {
      // What the files would hold had a route been renamed since they were generated.
      expect((await generator(['--dir', stale])).code).toBe(0);
      for (const name of Object.values(GENERATED_FILES)) {
        const text = fs.readFileSync(path.join(stale, name), 'utf8');
        fs.writeFileSync(path.join(stale, name), text.replaceAll('/api/v1/videos/result/{job_id}', '/api/v1/videos/results/{job_id}'));
      }
      const check = await generator(['--check', '--dir', stale]);
      expect(check.code).toBe(1);
      expect(check.stdout).toMatch(new RegExp(`stale .*${GENERATED_FILES.document}: line \\d+ is .*/api/v1/videos/results/\\{job_id\\}`));
      expect(check.stdout).toMatch(new RegExp(`stale .*${GENERATED_FILES.types}: line \\d+ is `));
      expect(check.stdout).toContain('run npm run generate:client');
      expect(fs.readFileSync(path.join(stale, GENERATED_FILES.types), 'utf8')).toContain('/api/v1/videos/results/{job_id}');
    } finally {
      fs.rmSync(stale, { recursive: true, force: true });
    }
  });

  it('has types that compile with declaration files checked too (the project skips them)', () => {
    const program = ts.createProgram({
      rootNames: [path.join(CLIENT_DIR, GENERATED_FILES.types)],
      options: { strict: true, noEmit: true, skipLibCheck: false, types: [], target: ts.ScriptTarget.ES2022 },
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});

describe('the document and the router', () => {
  it('name the same routes under /api/v1', () => {
    const mounted = mountedRoutes();
    expect(mounted).toEqual(expect.arrayContaining([{ method: 'get', path: '/api/v1/videos/status/:job_id' }, { method: 'post', path: '/api/v1/batch/process' }]));
    expect(compareRoutes(mounted, document)).toEqual({ undocumented: [], unserved: [] });
  });
});

describe('comparing routes with a document', () => {
  const paths = {
    '/health': { get: {} },
    '/api/v1/videos/status/{job_id}': { get: {}, parameters: [] },
    '/api/v1/videos/': { get: {} },
    '/api/v1/batch/process': { post: {} },
  };

  it('agrees when both name the same routes, whatever the parameter spelling or trailing slash', () => {
    const mounted = [
      { method: 'get', path: '/api/v1/videos/status/:job_id' },
      { method: 'get', path: '/api/v1/videos/' },
      { method: 'get', path: '/api/v1/videos' },
      { method: 'post', path: '/api/v1/batch/process' },
      { method: 'get', path: '/metrics' },
    ];
    expect(compareRoutes(mounted, { paths })).toEqual({ undocumented: [], unserved: [] });
  });

  it('names a served route the document leaves out, and a documented one nothing serves', () => {
    const mounted = [
      { method: 'get', path: '/api/v1/videos/status/:job_id' },
      { method: 'get', path: '/api/v1/videos/' },
      { method: 'delete', path: '/api/v1/batch/process' },
      { method: 'get', path: '/api/v1/videos/secret' },
    ];
    expect(compareRoutes(mounted, { paths })).toEqual({
      undocumented: ['delete /api/v1/batch/process', 'get /api/v1/videos/secret'],
      unserved: ['post /api/v1/batch/process'],
    });
  });

  it('tells a renamed path parameter from the documented one', () => {
    expect(compareRoutes([{ method: 'get', path: '/api/v1/videos/status/:id' }], { paths: { '/api/v1/videos/status/{job_id}': { get: {} } } })).toEqual({
      undocumented: ['get /api/v1/videos/status/{id}'],
      unserved: ['get /api/v1/videos/status/{job_id}'],
    });
  });
});
