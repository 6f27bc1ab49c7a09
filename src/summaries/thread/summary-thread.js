'use strict';
/* The file each summary thread loads: its TypeScript task, through src/runtime/require-typescript.js. */
const { requireTypeScript } = require('../../runtime/require-typescript');

module.exports = requireTypeScript('./summary-task.ts', __filename).runSummaryTask;
