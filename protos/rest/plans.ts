// The plans a workspace can be on and what each allows: a product rule several services read
// (billing shows it in GET /billing, documents takes its storage quota from it, the permission
// matrix gates the Standard features), so it is written once here. docs/billing.md explains it.

export const PLAN_NAMES = ['free', 'standard'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

// What a workspace on a plan may hold. null: no limit.
export interface PlanLimits {
  // Active members (people; API keys are not seats).
  seats: number | null;
  // Bytes of stored documents, all files of the workspace together.
  storage_bytes: number;
  // Bytes of the largest single file.
  file_bytes: number;
  // Companies, contacts and deals together, the recycle bin included.
  records: number | null;
}

// Features that belong to a plan beyond what every plan has; the permission matrix
// (operations.ts, `standard(...)`) gates the operations of each.
export const PLAN_FEATURES = ['campaigns', 'touchpoints', 'marketing_report', 'calendar_sync'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface PlanDefinition {
  name: PlanName;
  // As shown to people.
  title: string;
  limits: PlanLimits;
  features: readonly PlanFeature[];
}

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

export const PLANS: Readonly<Record<PlanName, PlanDefinition>> = {
  free: {
    name: 'free',
    title: 'Free',
    limits: { seats: 3, storage_bytes: 1 * GIB, file_bytes: 25 * MIB, records: 2_500 },
    features: [],
  },
  standard: {
    name: 'standard',
    title: 'Standard',
    // Billed per seat, so seats are not capped.
    limits: { seats: null, storage_bytes: 100 * GIB, file_bytes: 100 * MIB, records: null },
    features: PLAN_FEATURES,
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

// The plan a claim or a record names; anything unknown (a person with no workspace yet, a plan
// retired since) gets the Free plan's limits, never more.
export function planDefinition(plan: string | null | undefined): PlanDefinition {
  return isPlanName(plan) ? PLANS[plan] : PLANS.free;
}

export function planLimits(plan: string | null | undefined): PlanLimits {
  return planDefinition(plan).limits;
}

export function planHasFeature(plan: string | null | undefined, feature: PlanFeature): boolean {
  return planDefinition(plan).features.includes(feature);
}
