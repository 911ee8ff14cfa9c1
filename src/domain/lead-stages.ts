// A contractor's own stage for a lead it was sent (lead_distributions.stage; the database checks
// the names, the server checks the moves). NEW -> CONTACTED on the first response (or by hand,
// after a phone call) -> IN_PROGRESS -> COMPLETED; REJECTED from any open stage. COMPLETED and
// REJECTED are final. A COMPLETED lead whose homeowner accepted this contractor's quote counts
// as converted (the dashboard's revenue estimate).
export const LEAD_STAGES = ['NEW', 'CONTACTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
};

const MOVES: Record<LeadStage, readonly LeadStage[]> = {
  NEW: ['CONTACTED', 'REJECTED'],
  CONTACTED: ['IN_PROGRESS', 'REJECTED'],
  IN_PROGRESS: ['COMPLETED', 'REJECTED'],
  COMPLETED: [],
  REJECTED: [],
};

/** The stages a lead may move to from `from`, in the order a contractor would take them. */
export function nextStages(from: LeadStage): readonly LeadStage[] {
  return MOVES[from];
}

export function canMove(from: LeadStage, to: LeadStage): boolean {
  return MOVES[from].includes(to);
}

/** The stage a lead takes when its contractor sends the first response. */
export function stageAfterResponse(from: LeadStage): LeadStage {
  return from === 'NEW' ? 'CONTACTED' : from;
}

/**
 * How long the move just made by hand may be taken back, in seconds. The toast offers Undo for
 * less (UNDO_MS in stores/toasts.ts); the server allows a little more for a slow connection, and
 * a review invitation the move mailed is held back as long, so an undone completion mails nobody.
 */
export const STAGE_UNDO_SECONDS = 30;

export const STAGE_UNDO_MESSAGES = {
  /** Too late, or the lead moved again (a response, another move) since. */
  expired:
    'This move can no longer be undone: it was made more than 30 seconds ago or the lead changed since.',
  undone: (stage: LeadStage) => `Moved back to ${LEAD_STAGE_LABELS[stage]}`,
} as const;
