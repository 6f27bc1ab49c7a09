'use strict';
/*
 * Loads a TypeScript module from a plain-JS entry: the file a worker thread or a child process
 * starts from. The service runs TypeScript through tsx with no build step. A thread or child of
 * the service inherits `--require tsx/cjs` and so has tsx already: a plain require, served from
 * tsx's cache of compiled modules. A thread started under a test runner or plain `node` has no
 * tsx: there tsx's API loads the module, which compiles every module it reaches again each time
 * (it keeps no cache), about 50 modules and 0.3-1 s for a summary thread.
 */
const path = require('node:path');

/** `specifier` relative to `fromFile`, like a require written in that file. */
function requireTypeScript(specifier, fromFile) {
  // require.extensions is deprecated for adding loaders; reading it is how to see one was added.
  if (require.extensions['.ts']) return require(path.resolve(path.dirname(fromFile), specifier));
  return require('tsx/cjs/api').require(specifier, fromFile);
}

module.exports = { requireTypeScript };
