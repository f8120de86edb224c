// Stands in for react-style-singleton's singleton module (../remote-config.js replaces it): Radix dialogs lock
// the page's scroll with a stylesheet made at run time (react-remove-scroll), which as a <style> element the
// portal's Content-Security-Policy would block; this one is adopted through the CSSOM (see ./sheets.js).
'use strict';
const { countedSheet } = require('./sheets');

module.exports = { stylesheetSingleton: countedSheet };
