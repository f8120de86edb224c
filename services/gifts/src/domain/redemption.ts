import type { Address, Redemption as RedemptionDto, RedemptionStatus } from '@kidslearn/contracts';
import { messages } from '../messages';

export type { Address, RedemptionDto, RedemptionStatus };

// One key per status of the contract: a status added there and not here fails the typecheck.
const statusKeys: Record<RedemptionStatus, null> = { requested: null, 'awaiting-parent': null, 'pending-delivery': null, rejected: null, declined: null, delivered: null };
/** Every status (contracts' RedemptionStatus): the stored enum and the OpenAPI document list these. */
export const REDEMPTION_STATUSES = Object.keys(statusKeys) as RedemptionStatus[];

/** What the child's parent decided about a request that waited for them (internal: not on the wire). */
export type ParentDecision = 'approved' | 'declined';

export interface Redemption {
  id: string;
  email: string;
  giftId: string;
  giftName: string;
  giftImg: string;
  cost: number;
  /** Absent once removed by the retention job (delivered or refused parcels, README "Retention"). */
  address?: Address;
  status: RedemptionStatus;
  /** SPEC §3: absent or false = pending; true = delivered. */
  deliveryStatus: boolean;
  /** The learner's gem balance reported by gems when the debit was settled. */
  balance?: number;
  createdAt: Date;
  updatedAt?: Date;
  /** Set when the request waited for the parent and they (or the end of the link) decided it. */
  parentDecision?: ParentDecision;
  /** The UTC month (YYYY-MM) whose gem counter holds this request's cost (domain/monthly-cap.ts). */
  spendMonth?: string;
}

/** The shape answered over HTTP (contracts' Redemption): SPEC §3 Redemption fields plus its status. */
export function toDto(r: Redemption): RedemptionDto {
  return {
    _id: r.id,
    email: r.email,
    giftId: r.giftId,
    giftName: r.giftName,
    giftImg: r.giftImg,
    cost: r.cost,
    ...(r.address ? { address: r.address } : {}),
    createdAt: r.createdAt.toISOString(),
    deliveryStatus: r.deliveryStatus,
    ...(r.updatedAt ? { updatedAt: r.updatedAt.toISOString() } : {}),
    status: r.status,
  };
}

/** Why a redemption in this status cannot be marked delivered (null: it can). */
export function deliveryRefusal(status: RedemptionStatus): string | null {
  switch (status) {
    case 'pending-delivery':
      return null;
    case 'delivered':
      return messages.alreadyDelivered;
    case 'requested':
      return messages.stillProcessing;
    case 'rejected':
      return messages.rejectedCannotDeliver;
    case 'awaiting-parent':
      return messages.awaitingParentCannotDeliver;
    case 'declined':
      return messages.declinedCannotDeliver;
  }
}

/** Whether gems has settled the debit (the HTTP call can answer with a final outcome). */
export function isSettled(status: RedemptionStatus): boolean {
  return status !== 'requested';
}
