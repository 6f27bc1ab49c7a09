'use strict';
/*
 * The file the PDF export thread loads. The service runs TypeScript through tsx with no build
 * step, and a worker thread only inherits tsx when the parent was started with it (`node --require
 * tsx/cjs`); test runners and plain `node` are not, so this plain-JS entry loads the task itself.
 */
const { require: requireTs } = require('tsx/cjs/api');

module.exports = requireTs('./pdf-task.ts', __filename).renderPdfTask;
