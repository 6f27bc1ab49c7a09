'use strict';
/* The file each caption thread loads: its TypeScript task, through src/runtime/require-typescript.js. */
const { requireTypeScript } = require('../../../runtime/require-typescript');

module.exports = requireTypeScript('./caption-task.ts', __filename).parseCaptionTask;
