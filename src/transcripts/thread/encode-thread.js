'use strict';
/* The file each transcript thread loads: its TypeScript task, through src/runtime/require-typescript.js. */
const { requireTypeScript } = require('../../runtime/require-typescript');

module.exports = requireTypeScript('./encode-task.ts', __filename).encodeTranscriptTask;
