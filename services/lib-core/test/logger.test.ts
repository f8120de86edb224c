import { Writable } from 'node:stream';
import { createLogger } from '../src';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('svc', 'debug', stream), lines, text: () => lines.join('\n') };
}

describe('createLogger: no personal data in the logs', () => {
  it('when a log call passes personal fields, then their values are redacted at any depth, and ids stay', () => {
    const { logger, text } = capture();
    logger.info({ email: 'kid@school.org', userId: 'u-1', data: { name: 'Rita Reader', address: { address1: '1 Elm Street', city: 'Springfield', phone: '555-0100' } }, img: 'http://gw/photos/abc' }, 'event handled');
    expect(text()).not.toMatch(/kid@school|Rita|Elm Street|Springfield|555-0100|photos\/abc/);
    expect(text()).toContain('u-1');
    expect(text()).toContain('"name":"svc"'); // the logger's own name is kept
  });

  it('when an error message or a URL carries an email address, plain or percent-encoded, then it is masked', () => {
    const { logger, text } = capture();
    logger.error({ err: new Error('user kid.one+x@school.org vanished'), url: '/users/email?email=kid.two%40school.org' }, 'failed for kid.three@school.org');
    expect(text()).not.toMatch(/kid\.one|kid\.two|kid\.three/);
    expect(text().match(/\[email\]/g)?.length).toBeGreaterThanOrEqual(3); // the error's message is in its stack too
  });

  it('when a line has no personal data, then it is written unchanged', () => {
    const { logger, lines } = capture();
    logger.info({ reqId: 'r1', status: 200 }, 'request completed');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ reqId: 'r1', status: 200, msg: 'request completed' });
  });
});
