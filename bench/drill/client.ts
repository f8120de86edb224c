// The four learner calls the drills make over a fleet's gateway, each timed into a RouteRecorder. A call never
// throws: a network error is recorded as status 0 ("no answer").
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Learner } from './learners';
import type { RouteRecorder } from './route-stats';

export const ROUTES = {
  lessons: 'GET /lessons',
  submit: 'POST /quiz-results',
  standings: 'GET /standings/:lessonId',
  redeem: 'POST /redemptions',
} as const;

/** The statuses each route may answer in a healthy run (400 = not enough gems, 202 = still processing). */
export const EXPECTED_STATUSES: Record<string, number[]> = {
  [ROUTES.lessons]: [200],
  [ROUTES.submit]: [201],
  [ROUTES.standings]: [200],
  [ROUTES.redeem]: [201, 202, 400],
};

const ADDRESS = { name: 'Drill Learner', phone: '+1 555 0100', address1: '1 Drill Road', city: 'Mathtown', postalCode: '12345' };
const REQUEST_TIMEOUT_MS = 30_000;

interface Answer<T> {
  status: number;
  body?: T;
}

interface RequestInit {
  method?: string;
  headers: Record<string, string>;
  body?: string;
}

// node:http on kept-alive sockets rather than fetch: the load generator shares the machine it measures, and fetch
// cost it two to four times the CPU per request (about a tenth of the machine under the 200 learners).
const agent = new http.Agent({ keepAlive: true });

/** One request: its status and its body parsed as JSON (undefined when it is not JSON). */
function request<T>(url: string, { method = 'GET', headers, body }: RequestInit): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        let parsed: T | undefined;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function timed<T>(recorder: RouteRecorder, route: string, url: string, init: RequestInit): Promise<Answer<T>> {
  const started = performance.now();
  try {
    const answer = await request<T>(url, init);
    recorder.record(route, answer.status, performance.now() - started);
    return answer;
  } catch {
    recorder.record(route, 0, performance.now() - started);
    return { status: 0 };
  }
}

const auth = (learner: Learner) => ({ authorization: `Bearer ${learner.token}` });
const json = { 'content-type': 'application/json' };

export function drillClient(gatewayUrl: string, recorder: RouteRecorder) {
  return {
    lessons: (learner: Learner) => timed<Array<{ _id: string }>>(recorder, ROUTES.lessons, `${gatewayUrl}/lessons`, { headers: auth(learner) }),
    standings: (learner: Learner, lessonId: string) =>
      timed<unknown>(recorder, ROUTES.standings, `${gatewayUrl}/standings/${encodeURIComponent(lessonId)}`, { headers: auth(learner) }),
    submit: (learner: Learner, quizId: string, answers: Array<string | null>) =>
      timed<{ attemptId?: string; gems?: number | null }>(recorder, ROUTES.submit, `${gatewayUrl}/quiz-results`, {
        method: 'POST',
        headers: { ...auth(learner), ...json, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ quizId, answers }),
      }),
    /** The Idempotency-Key is the caller's: the checks find the redemption by it. */
    redeem: (learner: Learner, giftId: string, idempotencyKey: string) =>
      timed<{ redemption?: { _id?: string; id?: string } }>(recorder, ROUTES.redeem, `${gatewayUrl}/redemptions`, {
        method: 'POST',
        headers: { ...auth(learner), ...json, 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ giftId, address: ADDRESS }),
      }),
  };
}
export type DrillClient = ReturnType<typeof drillClient>;
