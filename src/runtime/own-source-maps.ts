/**
 * Source maps for the service's own modules only. Imported first by each entry point.
 *
 * tsx turns Node's source maps on, so that stack traces point into the TypeScript. Node then
 * keeps the map of every module it loads that names one, and many packages' files do:
 * it reads and parses hundreds of map files at start-up and holds them for as long as the process
 * runs, memory a service that has served nothing has no use for. A package's stack frames read well
 * enough in its own JavaScript. So source maps are on while one of our modules is compiled (that
 * is when Node keeps a module's map) and off while a package's module is; they stay on
 * otherwise, so stack traces are still mapped.
 */
import Module from 'node:module';
import path from 'node:path';

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

interface CompilingModule {
  // Node passes more than these (the module's format, since require(esm)); all are passed on.
  _compile(content: string, filename: string, ...rest: unknown[]): unknown;
}

const prototype = (Module as unknown as { prototype: CompilingModule }).prototype;
const compile = prototype._compile;

if (process.sourceMapsEnabled && !(compile as { ownSourceMapsOnly?: true }).ownSourceMapsOnly) {
  const ownSourceMapsOnly = function (this: CompilingModule, content: string, filename: string, ...rest: unknown[]) {
    const before = process.sourceMapsEnabled;
    const wanted = !filename.includes(NODE_MODULES);
    if (wanted !== before) process.setSourceMapsEnabled(wanted);
    try {
      return compile.call(this, content, filename, ...rest);
    } finally {
      if (wanted !== before) process.setSourceMapsEnabled(before);
    }
  };
  prototype._compile = Object.assign(ownSourceMapsOnly, { ownSourceMapsOnly: true as const });
}
