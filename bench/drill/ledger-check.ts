// What a drill found, read from the databases once everything settled: for every learner the balance equals
// the sum of its ledger lines; every attempt credited once at most and each lesson paid its best reward
// exactly; every redemption debited or rejected exactly once, as its answer said; nothing left unsettled;
// nothing in a DLQ. Each kind of defect is counted, with up to three examples.
import mongoose from 'mongoose';
import type { RedemptionAnswer } from './mixed-load';
import { queueDepths } from './queues';

export interface CheckInput {
  quizDbUrl: string;
  gemsDbUrl: string;
  giftsDbUrl: string;
  amqpUrl: string;
  /** attempt ids answered 201, per learner email */
  attempts: Map<string, string[]>;
  redemptions: RedemptionAnswer[];
  /** how long to wait for every attempt and redemption to settle */
  settleTimeoutMs: number;
}

export interface CheckResult {
  /** from the call until nothing was left unsettled (or the timeout) */
  settleMs: number;
  settled: boolean;
  figures: Record<string, number>;
  /** defect kind → count and examples */
  problems: Record<string, { count: number; examples: string[] }>;
}

interface Line {
  _id: string;
  email: string;
  ref: string;
  kind: string;
  amount: number;
  balance: number;
}
interface Attempt {
  _id: string;
  email: string;
  lessonId: string;
  reward: number;
  credited: number | null;
  settled?: boolean;
  redrives?: number;
}
interface Redemption {
  _id: mongoose.Types.ObjectId;
  email: string;
  idempotencyKey: string;
  cost: number;
  status: string;
  redrives?: number;
}
interface Balance {
  _id: string;
  gems: number;
  pendingLine?: Line | null;
}

const groupBy = <T>(items: T[], key: (item: T) => string): Map<string, T[]> => {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
};

async function waitSettled(quizDb: mongoose.Connection, giftsDb: mongoose.Connection, timeoutMs: number): Promise<{ settleMs: number; settled: boolean }> {
  const started = Date.now();
  for (;;) {
    const open = async () =>
      (await quizDb.collection('attempts').countDocuments({ settled: false })) + (await giftsDb.collection('redemptions').countDocuments({ status: 'requested' }));
    const left = await open().catch(() => Number.NaN);
    if (left === 0) return { settleMs: Date.now() - started, settled: true };
    if (Date.now() - started > timeoutMs) return { settleMs: Date.now() - started, settled: false };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function checkLedger(input: CheckInput): Promise<CheckResult> {
  const [quizDb, gemsDb, giftsDb] = await Promise.all([input.quizDbUrl, input.gemsDbUrl, input.giftsDbUrl].map((url) => mongoose.createConnection(url).asPromise()));
  try {
    const { settleMs, settled } = await waitSettled(quizDb!, giftsDb!, input.settleTimeoutMs);
    const attempts = await quizDb!.collection<Attempt>('attempts').find({}, { projection: { outbox: 0, scoredEvent: 0, answers: 0 } }).toArray();
    const redemptions = await giftsDb!.collection<Redemption>('redemptions').find({}, { projection: { outbox: 0, processedEventIds: 0, address: 0 } }).toArray();
    const balances = await gemsDb!.collection<Balance>('balances').find({}, { projection: { outbox: 0, processedEventIds: 0 } }).toArray();
    const stored = await gemsDb!.collection<Line>('ledger').find({}).toArray();
    const problems: CheckResult['problems'] = {};
    const problem = (kind: string, example: string) => {
      const entry = (problems[kind] ??= { count: 0, examples: [] });
      entry.count += 1;
      if (entry.examples.length < 3) entry.examples.push(example);
    };

    // Ledger of each learner: the lines collection and the pending line not yet copied.
    const storedIds = new Set(stored.map((l) => l._id));
    const lines = [...stored];
    for (const b of balances) {
      if (b.pendingLine && !storedIds.has(b.pendingLine._id)) lines.push({ ...b.pendingLine, email: b._id });
    }
    const linesByEmail = groupBy(lines, (l) => l.email);
    for (const b of balances) {
      const sum = (linesByEmail.get(b._id) ?? []).reduce((total, l) => total + l.amount, 0);
      if (sum !== b.gems) problem('balance ≠ sum of its ledger', `${b._id}: balance ${b.gems}, ledger ${sum}`);
    }
    for (const l of lines) if (l.balance < 0) problem('a ledger line below 0', `${l.email} ${l._id}: ${l.balance}`);

    // Attempts: settled, credited at most once, the credit quiz recorded = gems' line, each lesson paid its best.
    const attemptById = new Map(attempts.map((a) => [a._id, a]));
    const credits = lines.filter((l) => l.kind === 'credit');
    const creditsByRef = groupBy(credits, (l) => l.ref);
    for (const [ref, list] of creditsByRef) {
      if (list.length > 1) problem('attempt credited more than once', `${ref}: ${list.length} credit lines`);
      if (!attemptById.has(ref)) problem('credit for an attempt quiz does not have', ref);
    }
    for (const a of attempts) {
      if (a.settled === false) problem('attempt never settled', `${a._id} (${a.email})`);
      else if ((a.credited ?? 0) !== (creditsByRef.get(a._id)?.[0]?.amount ?? 0)) problem('attempt outcome ≠ its ledger credit', `${a._id}: quiz says ${a.credited}, ledger ${creditsByRef.get(a._id)?.[0]?.amount ?? 0}`);
    }
    for (const [key, list] of groupBy(attempts, (a) => `${a.email} ${a.lessonId}`)) {
      const best = Math.max(...list.map((a) => a.reward));
      const paid = list.reduce((sum, a) => sum + (creditsByRef.get(a._id) ?? []).reduce((s, l) => s + l.amount, 0), 0);
      if (paid !== best) problem('lesson paid ≠ its best reward', `${key}: paid ${paid}, best reward ${best}`);
    }
    const answered = new Set([...input.attempts.values()].flat());
    for (const id of answered) if (!attemptById.has(id)) problem('attempt answered 201 but not stored (lost)', id);
    for (const [email, list] of groupBy(attempts, (a) => a.email)) {
      const extra = list.filter((a) => !answered.has(a._id)).length;
      if (input.attempts.has(email) && extra > 0) problem('attempt stored without a 201 answer (committed, then an error answer)', `${email}: ${extra}`);
    }

    // Redemptions: one decision line each, matching the status and the answer given.
    const decisions = lines.filter((l) => l.kind === 'debit' || l.kind === 'debit-rejected');
    const decisionsByRef = groupBy(decisions, (l) => l.ref);
    const redemptionById = new Map(redemptions.map((r) => [r._id.toString(), r]));
    const redemptionByKey = new Map(redemptions.map((r) => [`${r.email} ${r.idempotencyKey}`, r]));
    for (const ref of decisionsByRef.keys()) if (!redemptionById.has(ref)) problem('debit for a redemption gifts does not have', ref);
    for (const r of redemptions) {
      const id = r._id.toString();
      const list = decisionsByRef.get(id) ?? [];
      if (r.status === 'requested') problem('redemption never settled', `${id} (${r.email})`);
      else if (list.length !== 1) problem('redemption decided ≠ once', `${id}: ${list.length} lines`);
      else {
        const line = list[0]!;
        const debited = r.status === 'pending-delivery' || r.status === 'delivered';
        if (debited !== (line.kind === 'debit')) problem('redemption status ≠ its ledger line', `${id}: ${r.status}, ledger ${line.kind}`);
        if (line.kind === 'debit' && line.amount !== -r.cost) problem('debit ≠ the gift cost', `${id}: ${line.amount} for ${r.cost}`);
      }
    }
    for (const answer of input.redemptions) {
      const doc = redemptionByKey.get(`${answer.email} ${answer.key}`);
      if ([201, 202, 400].includes(answer.status) && !doc) problem('redemption answered but not stored (lost)', `${answer.email} ${answer.key}: ${answer.status}`);
      if (answer.status >= 500 && doc) problem('redemption answered 5xx after its commit', `${answer.email} ${answer.key}: ${answer.status}, stored ${doc.status}`);
      if (answer.status === 201 && doc && doc.status === 'rejected') problem('redemption answered 201 but rejected', answer.key);
      if (answer.status === 400 && doc && doc.status !== 'rejected') problem('redemption answered 400 but debited', answer.key);
    }

    const depths = await queueDepths(input.amqpUrl);
    for (const [service, n] of Object.entries(depths.dlq)) if (n > 0) problem('messages in a DLQ', `${service}.events.dlq: ${n}`);
    const count = (list: { redrives?: number }[]) => list.filter((x) => (x.redrives ?? 0) > 0).length;
    return {
      settleMs,
      settled,
      problems,
      figures: {
        learners: new Set([...balances.map((b) => b._id), ...attempts.map((a) => a.email)]).size,
        'attempts stored': attempts.length,
        'attempts answered 201': answered.size,
        'credit lines': credits.length,
        'gems credited': credits.reduce((sum, l) => sum + l.amount, 0),
        'redemptions stored': redemptions.length,
        debited: redemptions.filter((r) => r.status === 'pending-delivery' || r.status === 'delivered').length,
        rejected: redemptions.filter((r) => r.status === 'rejected').length,
        'attempts re-driven by the reconciler': count(attempts),
        'redemptions re-driven by the reconciler': count(redemptions),
        'DLQ messages': Object.values(depths.dlq).reduce((a, b) => a + b, 0),
        'retry-queue messages': Object.values(depths.retry).reduce((a, b) => a + b, 0),
      },
    };
  } finally {
    await Promise.all([quizDb, gemsDb, giftsDb].map((c) => c!.close()));
  }
}
