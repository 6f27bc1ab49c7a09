'use strict';
/* The file each infographic thread loads: its TypeScript task, through src/runtime/require-typescript.js. */
const { requireTypeScript } = require('../../runtime/require-typescript');

module.exports = requireTypeScript('./infographic-task.ts', __filename).renderInfographicTask;
