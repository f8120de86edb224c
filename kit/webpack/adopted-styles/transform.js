// style-loader's `styleTagTransform` option (a module path): see ./sheets.js.
'use strict';
module.exports = require('./sheets').transform;
