'use strict';
/* The file each PDF export thread loads: its TypeScript task, through src/runtime/require-typescript.js. */
const { requireTypeScript } = require('../../runtime/require-typescript');

module.exports = requireTypeScript('./pdf-task.ts', __filename).renderPdfTask;
