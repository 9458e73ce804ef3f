import type { ClientSession } from 'mongoose';
import { on, requestSessionOf, routeEvents, type EventRoute } from '@crm/bus';
import { isDuplicateKey, isoNow, newId } from '@crm/kit';
import {
  leadSourceSeeded,
  pipelineSeeded,
  stageSeeded,
  workspaceCreated,
  type EventContract,
  type PayloadOf,
} from '@crm/protos';
import { afterCommit, commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import {
  leadSourceModel,
  pipelineModel,
  stageModel,
  type LeadSourceChannel,
  type LeadSourceRecord,
  type PipelineObject,
  type PipelineRecord,
  type StageKind,
  type StageRecord,
} from '../catalogue/catalogue.model';
import { leadSourceState, pipelineState, stageState } from '../catalogue/catalogue-state';
import { seededWorkspaceModel } from './seeded-workspace.model';

// The catalogue a new workspace starts with, so it is usable on its very first request.
interface SeedPipeline {
  seed: PipelineObject;
  name: string;
  stages: Array<{ name: string; kind: StageKind; probability: number | null }>;
}

export const SEED_PIPELINES: readonly SeedPipeline[] = [
  {
    seed: 'company',
    name: 'Companies',
    stages: [
      { name: 'New', kind: 'open', probability: null },
      { name: 'Contacted', kind: 'open', probability: null },
      { name: 'Qualified', kind: 'open', probability: null },
      { name: 'Customer', kind: 'account', probability: null },
    ],
  },
  {
    seed: 'deal',
    name: 'Sales',
    stages: [
      { name: 'Qualification', kind: 'open', probability: 10 },
      { name: 'Needs analysis', kind: 'open', probability: 30 },
      { name: 'Proposal', kind: 'open', probability: 60 },
      { name: 'Negotiation', kind: 'open', probability: 80 },
      { name: 'Won', kind: 'won', probability: 100 },
      { name: 'Lost', kind: 'lost', probability: 0 },
    ],
  },
];

export const SEED_LEAD_SOURCES: ReadonlyArray<{ name: string; channel: LeadSourceChannel }> = [
  { name: 'Website', channel: 'web' },
  { name: 'Referral', channel: 'referral' },
  { name: 'Event', channel: 'event' },
  { name: 'Outbound', channel: 'outbound' },
  { name: 'Social media', channel: 'social' },
  { name: 'Email campaign', channel: 'email' },
  { name: 'Phone', channel: 'phone' },
  { name: 'Partner', channel: 'partner' },
  { name: 'Advertising', channel: 'ads' },
  { name: 'Other', channel: 'other' },
];

// Seeds a workspace's catalogue unless it already is: default company and deal pipelines with
// their stages and the lead sources, with their `seeded` events, in one transaction. Idempotent
// and safe to race (other requests, replicas, the workspace-created consumer): the marker row's
// unique id lets one seeder win; the others see its committed catalogue. Every catalogue read and
// write calls `ensure` first, and so does anything that defaults a stage.
//
// One per start, in the runtime: it remembers the workspaces this instance knows are seeded and
// the seedings under way, so that after the first request a seeded workspace costs a set lookup.
export class WorkspaceSeeds {
  private readonly seeded = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly context: ServiceContext) {}

  async ensure(workspaceId: string): Promise<void> {
    const { context, seeded, pending } = this;
    if (seeded.has(workspaceId)) return;
    if (requestSessionOf(context.connection)) {
      // Inside a request transaction (docs/idempotency.md) the seeding commits with the request,
      // or not at all: nobody else may wait on it, and it is remembered only once committed.
      await seedCatalogue(context, workspaceId);
      afterCommit(context, () => seeded.add(workspaceId));
      return;
    }
    let seeding = pending.get(workspaceId);
    if (!seeding) {
      seeding = seedCatalogue(context, workspaceId)
        .then(() => {
          seeded.add(workspaceId);
        })
        .finally(() => pending.delete(workspaceId));
      pending.set(workspaceId, seeding);
    }
    await seeding;
  }
}

// The seeding itself, without the per-process memory: what two replicas racing would each run.
export async function seedCatalogue(context: ServiceContext, workspaceId: string): Promise<void> {
  try {
    await commit(context, async (unit) => {
      const marker = await seededWorkspaceModel(context.connection)
        .findOne({ _id: workspaceId, workspace_id: workspaceId }, { _id: 1 })
        .session(unit.transaction)
        .lean()
        .exec();
      if (marker) return;
      await writeCatalogue(context, workspaceId, unit);
    });
  } catch (error) {
    // Another seeder committed first: its catalogue is the workspace's.
    if (!isDuplicateKey(error)) throw error;
  }
}

async function writeCatalogue(
  context: ServiceContext,
  workspaceId: string,
  { transaction, publish }: UnitOfWork,
): Promise<void> {
  const now = isoNow();
  const session: { session: ClientSession } = { session: transaction };
  // The marker first: a racing seeder is refused before it writes anything else.
  await seededWorkspaceModel(context.connection).create(
    [{ _id: workspaceId, workspace_id: workspaceId, seeded_at: now }],
    session,
  );
  const pipelines: PipelineRecord[] = [];
  const stages: StageRecord[] = [];
  for (const seed of SEED_PIPELINES) {
    const pipeline: PipelineRecord = {
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      name: seed.name,
      object: seed.seed,
      is_default: true,
      position: 0,
      seed: seed.seed,
      created_at: now,
      updated_at: now,
    };
    pipelines.push(pipeline);
    seed.stages.forEach((stage, position) =>
      stages.push({
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        pipeline_id: pipeline._id,
        object: seed.seed,
        name: stage.name,
        position,
        kind: stage.kind,
        probability: stage.probability,
        created_at: now,
        updated_at: now,
      }),
    );
  }
  const sources: LeadSourceRecord[] = SEED_LEAD_SOURCES.map((source) => ({
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    name: source.name,
    channel: source.channel,
    seed: source.channel,
    created_at: now,
    updated_at: now,
  }));
  await pipelineModel(context.connection).insertMany(pipelines, session);
  await stageModel(context.connection).insertMany(stages, session);
  await leadSourceModel(context.connection).insertMany(sources, session);
  const announce = <Contract extends EventContract>(contract: Contract, data: PayloadOf<NoInfer<Contract>>) =>
    publish(contract, { workspace_id: workspaceId, actor: null, data });
  for (const pipeline of pipelines) announce(pipelineSeeded, pipelineState(pipeline));
  for (const stage of stages) announce(stageSeeded, stageState(stage));
  for (const source of sources) announce(leadSourceSeeded, leadSourceState(source));
}

// Seeds eagerly when identity announces a new workspace; requests still seed on their own when
// they arrive before the event (seeding is idempotent either way).
export const WORKSPACE_SEED_CONSUMER = 'crm-core.workspace-seed';

export function workspaceSeedHandler(seeds: WorkspaceSeeds): EventRoute {
  return on(workspaceCreated, async (event) => {
    if (event.type !== workspaceCreated.type || !event.workspace_id) return;
    await seeds.ensure(event.workspace_id);
  });
}

export async function subscribeWorkspaceSeed(context: ServiceContext, seeds: WorkspaceSeeds): Promise<void> {
  const { patterns, handler } = routeEvents(workspaceSeedHandler(seeds));
  await context.bus.subscribe(WORKSPACE_SEED_CONSUMER, patterns, handler);
}
