import { aptEnsure } from '../apt';
import type { Component } from '../component';
import { say } from '../log';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's chromium for the browser tests (install only; playwright-core launches it). */
export const chromium: Component = {
  name: 'chromium',
  ports: [],
  async install() {
    if (!(await aptEnsure('chromium', CHROMIUM, ['chromium']))) say('chromium', `present (${CHROMIUM})`);
  },
};
