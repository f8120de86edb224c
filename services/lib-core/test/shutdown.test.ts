import { AppError, createLogger, createShutdown } from '../src';

const logger = createLogger('test', 'silent');

describe('createShutdown', () => {
  it('when run, then hooks run once in reverse order of registration', async () => {
    const order: string[] = [];
    const shutdown = createShutdown(logger, { handleSignals: false });
    shutdown.add('mongo', () => void order.push('mongo'));
    shutdown.add('http', async () => void order.push('http'));
    await Promise.all([shutdown.run(), shutdown.run()]);
    expect(order).toEqual(['http', 'mongo']);
  });

  it('when a hook hangs or throws, then the later hooks still run', async () => {
    const order: string[] = [];
    const shutdown = createShutdown(logger, { handleSignals: false, timeoutMs: 50 });
    shutdown.add('last', () => void order.push('last'));
    shutdown.add('throws', () => {
      throw new Error('boom');
    });
    shutdown.add('hangs', () => new Promise<void>(() => undefined));
    await shutdown.run();
    expect(order).toEqual(['last']);
  });
});

describe('AppError', () => {
  it('when built with the helpers, then each carries its status and code', () => {
    expect(AppError.badRequest('bad', { f: 1 })).toMatchObject({ status: 400, code: 'bad_request', message: 'bad', details: { f: 1 } });
    expect(AppError.unauthorized().status).toBe(401);
    expect(AppError.forbidden().status).toBe(403);
    expect(AppError.notFound('User not found')).toMatchObject({ status: 404, message: 'User not found' });
    expect(AppError.conflict('taken').status).toBe(409);
    expect(AppError.tooMany()).toMatchObject({ status: 429, message: 'Too many requests. Please try again later.' });
  });
});
