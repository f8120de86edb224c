import { reportSection } from './report';
import { startedDrillResult } from './result';

const drill = (more: { error?: string; defects?: string[] } = {}) => ({
  ...startedDrillResult({ name: 'learners', title: '200 concurrent learners for 60 s', command: 'npm run drill -- --only=learners', steps: [], figures: {} }),
  ...more,
});
const defectsOf = (lines: string[]) => lines.slice(lines.indexOf('### Defects') + 2).filter((line) => line.startsWith('- '));

describe('drill report section', () => {
  it('when the drill ran and found nothing, then it says none', () => {
    const lines = reportSection(drill());
    expect(lines[0]).toMatch(/: as expected$/);
    expect(defectsOf(lines)).toEqual([expect.stringMatching(/^- none: every balance equals its ledger/)]);
  });

  it('when the drill stopped before its checks, then it says nothing was checked (not "none")', () => {
    const lines = reportSection(drill({ error: 'Sign-in is not available right now.' }));
    expect(lines[0]).toMatch(/FAILED TO RUN$/);
    expect(defectsOf(lines)).toEqual(['- not checked: the drill stopped before its checks (ERROR above)']);
  });

  it('when the drill found defects, then each is listed, also if it stopped afterwards', () => {
    expect(defectsOf(reportSection(drill({ defects: ['a balance differs from its ledger: 1'], error: 'timeout' })))).toEqual(['- **a balance differs from its ledger: 1**']);
  });
});
