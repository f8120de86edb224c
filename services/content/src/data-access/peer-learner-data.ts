import { AppError, type Logger } from '@kidslearn/lib-core';
import type { PeerLearnerData, PeerPart } from '../domain/ports';
import { messages } from '../messages';

/**
 * Reads another service's part of a learner's export (`GET <service>/learner-data/{email}`, internal, not
 * routed by the gateway) with the caller's own bearer token: each service decides again whether the caller
 * is the learner or an admin. Anything but a 200 in time fails the export (503).
 */
export function createPeerLearnerData(urls: Record<PeerPart, string>, logger: Logger, timeoutMs = 10_000): PeerLearnerData {
  return async (service, email, authorization) => {
    const url = new URL(`/learner-data/${encodeURIComponent(email)}`, urls[service]);
    let res: Response;
    try {
      res = await fetch(url, { headers: { authorization, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      logger.warn({ service, err: (err as Error).message }, 'learner export: a service did not answer');
      throw new AppError(503, messages.learnerData.exportIncomplete, 'unavailable');
    }
    if (res.status !== 200) {
      logger.warn({ service, status: res.status }, 'learner export: a service refused its part');
      await res.body?.cancel();
      throw new AppError(503, messages.learnerData.exportIncomplete, 'unavailable');
    }
    return (await res.json()) as Record<string, unknown>;
  };
}
