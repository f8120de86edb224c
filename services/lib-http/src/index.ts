import './types';

export { createApp, finishApp, requestId } from './app';
export { accessLog, loggableUrl } from './access-log';
export type { AccessLogOptions } from './access-log';
export type { AppOptions } from './app';
export { validate, validInput } from './validate';
export type { Schemas } from './validate';
export { errorHandler, notFoundHandler, toHttpError } from './error-handler';
export { zodMessage } from './zod-message';
export { serveOpenApi } from './openapi';
export { KEEP_ALIVE_MS, listen, closeServer } from './listen';
export type { CloseOptions } from './listen';
export { markDraining, isDraining } from './draining';
