// style-loader's `insert` option (a module path): see ./sheets.js.
'use strict';
module.exports = require('./sheets').insert;
