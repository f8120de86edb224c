import { AppError } from '@kidslearn/lib-core';
import { messages } from '../messages';
import { isParentOf, judgeDecision } from '../domain/family';
import type { FamilyLinkReader, MonthlySpend, ParentDecisions, RedemptionStore } from '../domain/ports';
import type { Address, ParentDecision, Redemption } from '../domain/redemption';
import { releaseSpendOf } from './release-spend';

export interface DecideGiftDeps {
  redemptions: Pick<RedemptionStore, 'findById'>;
  decisions: ParentDecisions;
  family: FamilyLinkReader;
  spend: Pick<MonthlySpend, 'release'>;
}

/** The parent confirms the delivery address: awaiting-parent → pending-delivery (the admin's list shows it). */
export async function approveGift(deps: DecideGiftDeps, parentEmail: string, id: string, address: Address, now = new Date()): Promise<Redemption> {
  const request = await requestOfChild(deps, parentEmail, id);
  return decide(deps, request, 'approved', () => deps.decisions.approve(id, address, now));
}

/** The parent says no: awaiting-parent → declined, `redemption.declined` in the same write (gems gives the gems back). */
export async function declineGift(deps: DecideGiftDeps, parentEmail: string, id: string, now = new Date()): Promise<Redemption> {
  const request = await requestOfChild(deps, parentEmail, id);
  const declined = await decide(deps, request, 'declined', () => deps.decisions.decline(request, now, true));
  // Also on a repeat: gives the month's count back if a crash came between the decline and this (once per request).
  await releaseSpendOf(deps.spend, declined);
  return declined;
}

/** A request of one of the caller's children; anything else (none, another parent's) is the same 404. */
async function requestOfChild(deps: DecideGiftDeps, parentEmail: string, id: string): Promise<Redemption> {
  const request = await deps.redemptions.findById(id);
  if (request && isParentOf(await deps.family.ofChild(request.email), parentEmail)) return request;
  throw AppError.notFound(messages.childNotFound);
}

/** Applies the decision from awaiting-parent; the same decision again answers the request as it is; else 409. */
async function decide(deps: DecideGiftDeps, request: Redemption, wanted: ParentDecision, write: () => Promise<Redemption | null>): Promise<Redemption> {
  const verdict = judgeDecision(request, wanted);
  if (verdict.kind === 'repeat') return request;
  if (verdict.kind === 'refused') throw AppError.conflict(verdict.message);
  const written = await write();
  if (written) return written;
  // Another decision was written first (a second tab, another instance): judged against what it left.
  const now = await deps.redemptions.findById(request.id);
  if (!now) throw AppError.notFound(messages.childNotFound);
  const again = judgeDecision(now, wanted);
  if (again.kind === 'repeat') return now;
  throw AppError.conflict(again.kind === 'refused' ? again.message : messages.notAwaitingParent);
}
