import { conflict, validationFailed } from '@crm/kit';
import type { PipelineObject, StageKind } from './catalogue.model';

// Which stage kinds a pipeline of each object may have: account is what makes a company an
// account; won and lost close a deal.
export const KINDS_OF: Record<PipelineObject, readonly StageKind[]> = {
  company: ['open', 'account'],
  deal: ['open', 'won', 'lost'],
};

export function checkKind(object: PipelineObject, kind: StageKind, field: string): void {
  if (!KINDS_OF[object].includes(kind)) {
    throw validationFailed(`${field} ${kind} is not a kind of ${object} pipeline stage (one of ${KINDS_OF[object].join(', ')})`);
  }
}

// A probability belongs to deal stages (the default probability of a deal in the stage).
export function checkProbability(object: PipelineObject, probability: number | null | undefined, field: string): void {
  if (object === 'company' && probability !== undefined && probability !== null) {
    throw validationFailed(`${field} is only for stages of deal pipelines`);
  }
}

// A new deal stage's probability when none is given: a won deal is certain, a lost one is not.
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
