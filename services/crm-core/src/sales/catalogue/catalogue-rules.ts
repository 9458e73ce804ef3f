import { conflict, validationFailed } from '@crm/kit';
import type { PipelineObject, StageKind } from './catalogue.model';

// Which stage kinds a pipeline of each object may have. In a company pipeline open is a lead being
// worked, lost a disqualified lead and account a customer; in a deal pipeline open is a deal in
// progress and won and lost close it. won has no meaning for a company (it is won by becoming an
// account) and account none for a deal.
export const KINDS_OF: Record<PipelineObject, readonly StageKind[]> = {
  company: ['open', 'lost', 'account'],
  deal: ['open', 'won', 'lost'],
};

const WHY_NOT: Record<PipelineObject, string> = {
  company: 'a company is won by moving it to an account stage',
  deal: 'a deal is won or lost, never an account',
};

export function checkKind(object: PipelineObject, kind: StageKind, field: string): void {
  if (!KINDS_OF[object].includes(kind)) {
    throw validationFailed(
      `${field} ${kind} has no meaning in a ${object} pipeline (${WHY_NOT[object]}): use one of ${KINDS_OF[object].join(', ')}`,
    );
  }
}

// A new stage's probability when none is given: a won deal is certain, a lost deal or a
// disqualified lead is not; other stages have none until an admin sets one.
export function defaultProbability(kind: StageKind): number | null {
  if (kind === 'won') return 100;
  if (kind === 'lost') return 0;
  return null;
}

// What a pipeline of this object still lacks with these stage kinds: a stage at all, and for a
// deal pipeline a won and a lost stage. Null when nothing is missing.
export function missingStage(object: PipelineObject, kinds: readonly StageKind[]): string | null {
  if (kinds.length === 0) return 'a pipeline needs at least one stage';
  if (object !== 'deal') return null;
  if (!kinds.includes('won')) return 'a deal pipeline needs a won stage';
  if (!kinds.includes('lost')) return 'a deal pipeline needs a lost stage';
  return null;
}

export function requireStages(object: PipelineObject, kinds: readonly StageKind[]): void {
  const missing = missingStage(object, kinds);
  if (missing) throw conflict(missing, 'stage_required');
}

// Case-insensitive, as the unique indexes compare names.
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const nameTaken = (what: string) => conflict(`name is already used by another ${what}`, 'name_taken');
