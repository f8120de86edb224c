// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
// Import this first in a test file (or move it into jest/setup-web.js).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
