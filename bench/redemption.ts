import { randomUUID } from 'node:crypto';
import { percentile, type BenchSection } from './types';

/** A learner the bench may spend for: its email, token and the gems it was given. */
export interface Buyer {
  email: string;
  token: string;
  gems: number;
}

export interface RedemptionBenchOptions {
  /** gifts service or gateway base URL */
  url: string;
  /**
   * Gives a fresh learner `gems` gems and answers once they are credited (bench/run.ts does it the way
   * production does). Requests are spread over several buyers: gifts allows 120 redemptions per learner and
   * minute, so no buyer makes more than PER_BUYER.
   */
  buyer: (gems: number) => Promise<Buyer>;
  giftId?: string;
  /** the gift's price in gems */
  cost?: number;
  n?: number;
  /** requests in flight at once (1 = one after the other) */
  concurrency?: number;
  /** debits each buyer can afford (default: every request); fewer makes the rest rejections, an exactness test */
  affordable?: number;
}

const PER_BUYER = 100;
const address = { name: 'Bench Learner', phone: '+1 555 0100', address1: '1 Bench Road', city: 'Mathtown', postalCode: '12345' };
const round = (v: number) => Math.round(v * 10) / 10;

interface Ledger {
  gems: number;
  entries: Array<{ ref: string; kind: string; amount: number; balance: number }>;
}

/** What one buyer was answered: redemption ids per outcome. */
interface Answers {
  debited: Set<string>;
  rejected: Set<string>;
  processing: Set<string>;
}

async function ledgerOf(url: string, buyer: Buyer): Promise<Ledger> {
  const res = await fetch(`${url}/gems/${encodeURIComponent(buyer.email)}/ledger`, { headers: { authorization: `Bearer ${buyer.token}` } });
  if (!res.ok) throw new Error(`${buyer.email}: ledger answered ${res.status}`);
  return (await res.json()) as Ledger;
}

/**
 * Every answer exact, once gems decided every redemption (a 202 is decided later): balance = start − cost ×
 * debits, one ledger line per redemption, every 201 a debit and every 400 a rejection, never below 0.
 */
async function checkExact(url: string, buyer: Buyer, cost: number, answers: Answers): Promise<string[]> {
  const asked = answers.debited.size + answers.rejected.size + answers.processing.size;
  const redemptionLines = (l: Ledger) => l.entries.filter((e) => e.kind === 'debit' || e.kind === 'debit-rejected');
  let ledger = await ledgerOf(url, buyer);
  for (const deadline = Date.now() + 60_000; redemptionLines(ledger).length < asked && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 500));
    ledger = await ledgerOf(url, buyer);
  }
  const debits = ledger.entries.filter((e) => e.kind === 'debit');
  const debitRefs = new Set(debits.map((e) => e.ref));
  const rejectRefs = new Set(ledger.entries.filter((e) => e.kind === 'debit-rejected').map((e) => e.ref));
  const problems: string[] = [];
  if (redemptionLines(ledger).length !== asked) problems.push(`${redemptionLines(ledger).length} ledger lines for ${asked} redemptions`);
  if (ledger.gems !== buyer.gems - cost * debits.length) problems.push(`balance ${ledger.gems}, expected ${buyer.gems} − ${cost} × ${debits.length}`);
  if (debitRefs.size !== debits.length) problems.push('a redemption debited twice');
  if ([...answers.debited].some((id) => !debitRefs.has(id))) problems.push('a 201 answer without its debit');
  if ([...answers.rejected].some((id) => !rejectRefs.has(id) || debitRefs.has(id))) problems.push('a 400 answer that was debited');
  if (ledger.entries.some((e) => e.balance < 0)) problems.push('a balance below 0 in the ledger');
  return problems.map((p) => `${buyer.email}: ${p}`);
}

/**
 * POST /redemptions end to end: write + outbox → RabbitMQ → gems debit → gems.debited → gifts
 * settles → Redis wake-up → HTTP answer. Figures are reported, never asserted.
 */
export async function benchRedemption({ url, buyer, giftId = 'stickers', cost = 5, n = 500, concurrency = 1, affordable }: RedemptionBenchOptions): Promise<BenchSection> {
  const perBuyer = Math.min(PER_BUYER, n);
  const buyers = await Promise.all(Array.from({ length: Math.ceil(n / perBuyer) }, () => buyer(cost * (affordable ?? perBuyer))));
  const samples: number[] = [];
  const statuses: Record<number, number> = {};
  const answered = new Map<Buyer, Answers>(buyers.map((b) => [b, { debited: new Set(), rejected: new Set(), processing: new Set() }]));
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const who = buyers[Math.floor(next / perBuyer)]!;
      next++;
      const started = performance.now();
      const res = await fetch(`${url}/redemptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ giftId, address }),
      });
      const body = (await res.json().catch(() => ({}))) as { redemption?: { _id?: string } };
      samples.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const id = body.redemption?._id;
      const outcome = ({ 201: 'debited', 400: 'rejected', 202: 'processing' } as const)[res.status as 201 | 400 | 202];
      if (id && outcome) answered.get(who)![outcome].add(id);
    }
  };
  const wallStart = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const unexpected = Object.keys(statuses).filter((status) => !['201', '202', '400'].includes(status));
  const problems = [
    ...unexpected.map((status) => `${statuses[Number(status)]} answers ${status}`),
    ...(await Promise.all(buyers.map((b) => checkExact(url, b, cost, answered.get(b)!)))).flat(),
  ];
  return {
    title: `POST /redemptions end to end (N=${n}, concurrency ${concurrency})`,
    figures: [
      { name: 'p50', value: round(percentile(samples, 50)), unit: 'ms' },
      { name: 'p99', value: round(percentile(samples, 99)), unit: 'ms', ...(concurrency === 1 ? { budget: { op: '<=' as const, value: 150 } } : {}) },
      { name: 'throughput', value: round(n / wallSeconds), unit: 'req/s', ...(concurrency > 1 ? { budget: { op: '>=' as const, value: 100 } } : {}) },
      { name: 'debited (201)', value: statuses[201] ?? 0, unit: 'answers' },
      { name: 'rejected (400)', value: statuses[400] ?? 0, unit: 'answers' },
      { name: 'processing (202)', value: statuses[202] ?? 0, unit: 'answers' },
      { name: 'unexpected answers, inexact balances or ledgers', value: problems.length, unit: 'problems', budget: { op: '<=', value: 0 } },
    ],
    notes: [
      `statuses: ${JSON.stringify(statuses)}; ${buyers.length} buyers, ${perBuyer} requests each, each given ${cost} × ${affordable ?? perBuyer} gems`,
      ...(problems.length ? [`PROBLEMS: ${problems.slice(0, 5).join('; ')}`] : ['exact: every buyer’s balance = start − cost × its debits, one ledger line per redemption (202s waited for), every 201 debited and every 400 not, never below 0']),
    ],
  };
}
