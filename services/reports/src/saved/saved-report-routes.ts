import {
  conflict,
  forbidden,
  implement,
  isDuplicateKey,
  isoNow,
  newId,
  notFound,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import {
  type ReportPinData,
  reportPinned,
  reportUnpinned,
  savedReportCreated,
  type SavedReportCreatedData,
  savedReportDeleted,
  savedReportUpdated,
} from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import {
  compileReport,
  withDefaults,
  type ReportDefinition,
  type ReportDefinitionInput,
} from '../engine/report-definition';
import { runReport } from '../engine/report-run';
import {
  createSavedReport,
  deleteSavedReport,
  listSavedReports,
  pinSavedReport,
  runSavedReport,
  unpinSavedReport,
  updateSavedReport,
  type SavedReportView,
} from '../engine/report.operations';
import { checkReportContacts } from '../engine/report-contacts';
import { checkReportPlan } from '../engine/report-plan';
import { nameOf } from '../engine/report-labels';
import { workspaceData, type WorkspaceData } from '../read-model/workspace-data';
import type { ReportsRuntime } from '../reports-runtime';
import { reportPinModel, savedReportModel, type ReportPinRecord, type SavedReportRecord } from './saved-report.model';

// Saved reports: a member's own, or shared by an admin with everyone; pins per member.

const sharingNeedsAdmin = () => forbidden('shared reports need a workspace admin');
const notYours = () => forbidden("only a report's creator may change or delete a private report");

// A shared report is the admins' (contract 5.9), its creator's included only while an admin. The
// caller's own rights decide: an API key is an admin only when its role is, whoever created it.
function mayChange(report: SavedReportRecord, claims: InternalClaims): boolean {
  return report.shared ? claims.is_admin : report.owner_id === claims.user_id;
}

function refuseChange(report: SavedReportRecord, claims: InternalClaims): void {
  if (mayChange(report, claims)) return;
  throw report.shared ? sharingNeedsAdmin() : notYours();
}

function state(report: SavedReportRecord): SavedReportCreatedData {
  return {
    saved_report_id: report._id,
    name: report.name,
    definition: report.definition,
    shared: report.shared,
    owner_id: report.owner_id,
    owner_name: report.owner_name,
    created_at: report.created_at,
    updated_at: report.updated_at,
    version: report.version,
  };
}

function view(
  data: WorkspaceData | null,
  report: SavedReportRecord,
  claims: InternalClaims,
  pinned: boolean,
): SavedReportView {
  return {
    id: report._id,
    name: report.name,
    definition: report.definition,
    shared: report.shared,
    mine: report.owner_id === claims.user_id,
    pinned,
    owner_name: (data && nameOf(data, 'member', report.owner_id)) ?? report.owner_name,
    created_at: report.created_at,
    updated_at: report.updated_at,
  };
}

// A saved report the caller may see: their own or a shared one (another's private report is 404).
async function visibleReport(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<SavedReportRecord> {
  const report = await savedReportModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .lean<SavedReportRecord>()
    .exec();
  if (!report || (!report.shared && report.owner_id !== claims.user_id)) throw notFound('saved report');
  return report;
}

async function isPinned(
  context: ServiceContext,
  workspaceId: string,
  reportId: string,
  userId: string,
): Promise<boolean> {
  return (
    (await reportPinModel(context.connection)
      .countDocuments({ workspace_id: workspaceId, saved_report_id: reportId, user_id: userId })
      .exec()) > 0
  );
}

function checked(data: WorkspaceData, input: ReportDefinitionInput, claims: InternalClaims): ReportDefinition {
  checkReportPlan(input.object, claims.plan);
  const definition = withDefaults(input);
  compileReport(data, definition, 'definition.');
  return definition;
}

function pinState(pin: ReportPinRecord, report: SavedReportRecord): ReportPinData {
  return {
    report_pin_id: pin._id,
    saved_report_id: report._id,
    user_id: pin.user_id,
    report_name: report.name,
    created_at: pin.created_at,
    version: pin.version,
  };
}

export function savedReportOperations({ context, workspaceCache }: ReportsRuntime): Implementation[] {
  const reports = savedReportModel(context.connection);
  const pins = reportPinModel(context.connection);
  return [
    implement(listSavedReports, async ({ req, auth }) => {
      const workspaceId = workspaceOf(req);
      const [records, mine, data] = await Promise.all([
        reports
          .find({ workspace_id: workspaceId, $or: [{ owner_id: auth.user_id }, { shared: true }] })
          .sort({ created_at: 1, _id: 1 })
          .lean<SavedReportRecord[]>()
          .exec(),
        pins
          .find({ workspace_id: workspaceId, user_id: auth.user_id }, { saved_report_id: 1 })
          .lean<Array<Pick<ReportPinRecord, 'saved_report_id'>>>()
          .exec(),
        workspaceData(workspaceCache, workspaceId),
      ]);
      const pinned = new Set(mine.map((pin) => pin.saved_report_id));
      return { data: records.map((record) => view(data, record, auth, pinned.has(record._id))) };
    }),
    implement(createSavedReport, async ({ req, auth, body }) => {
      const workspaceId = workspaceOf(req);
      if (body.shared && !auth.is_admin) throw sharingNeedsAdmin();
      const data = await workspaceData(workspaceCache, workspaceId);
      const now = isoNow();
      const record: SavedReportRecord = {
        _id: newId(),
        workspace_id: workspaceId,
        name: body.name,
        definition: checked(data, body.definition, auth),
        shared: body.shared ?? false,
        owner_id: auth.user_id,
        // A key's label is the key's name, not a person's.
        owner_name: auth.actor.type === 'user' ? (auth.actor.label ?? null) : null,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      await commit(context, async ({ transaction, publish }) => {
        await reports.create([record], { session: transaction });
        publish(savedReportCreated, { workspace_id: workspaceId, actor: auth.actor, data: state(record) });
      });
      return view(data, record, auth, false);
    }),
    implement(updateSavedReport, async ({ req, auth, params, body }) => {
      const workspaceId = workspaceOf(req);
      const data = await workspaceData(workspaceCache, workspaceId);
      const definition = body.definition ? checked(data, body.definition, auth) : undefined;
      const updated = await commit(context, async ({ transaction, publish }) => {
        const report = await reports
          .findOne({ _id: params.id, workspace_id: workspaceId })
          .session(transaction)
          .lean<SavedReportRecord>()
          .exec();
        if (!report || (!report.shared && report.owner_id !== auth.user_id)) throw notFound('saved report');
        refuseChange(report, auth);
        if (body.shared === true && !auth.is_admin) throw sharingNeedsAdmin();
        const changes: Partial<SavedReportRecord> = {};
        if (body.name !== undefined && body.name !== report.name) changes.name = body.name;
        if (definition && JSON.stringify(definition) !== JSON.stringify(report.definition))
          changes.definition = definition;
        if (body.shared !== undefined && body.shared !== report.shared) changes.shared = body.shared;
        const fields = Object.keys(changes);
        if (fields.length === 0) return report;
        const next: SavedReportRecord = { ...report, ...changes, version: report.version + 1, updated_at: isoNow() };
        await reports.updateOne(
          { _id: report._id, workspace_id: workspaceId },
          { $set: { ...changes, version: next.version, updated_at: next.updated_at } },
          { session: transaction },
        );
        publish(savedReportUpdated, { workspace_id: workspaceId, actor: auth.actor, data: { ...state(next), fields } });
        return next;
      });
      return view(data, updated, auth, await isPinned(context, workspaceId, updated._id, auth.user_id));
    }),
    implement(deleteSavedReport, async ({ req, auth, params }) => {
      const workspaceId = workspaceOf(req);
      await commit(context, async ({ transaction, publish }) => {
        const report = await reports
          .findOne({ _id: params.id, workspace_id: workspaceId })
          .session(transaction)
          .lean<SavedReportRecord>()
          .exec();
        if (!report || (!report.shared && report.owner_id !== auth.user_id)) throw notFound('saved report');
        refuseChange(report, auth);
        const pinned = await pins
          .find({ workspace_id: workspaceId, saved_report_id: report._id })
          .session(transaction)
          .lean<ReportPinRecord[]>()
          .exec();
        await pins.deleteMany({ workspace_id: workspaceId, saved_report_id: report._id }, { session: transaction });
        await reports.deleteOne({ _id: report._id, workspace_id: workspaceId }, { session: transaction });
        for (const pin of pinned) {
          publish(reportUnpinned, {
            workspace_id: workspaceId,
            actor: auth.actor,
            data: pinState({ ...pin, version: pin.version + 1 }, report),
          });
        }
        publish(savedReportDeleted, {
          workspace_id: workspaceId,
          actor: auth.actor,
          data: state({ ...report, version: report.version + 1 }),
        });
      });
    }),
    implement(pinSavedReport, async ({ req, auth, params }) => {
      const workspaceId = workspaceOf(req);
      const report = await visibleReport(context, auth, workspaceId, params.id);
      if (await isPinned(context, workspaceId, report._id, auth.user_id)) return;
      const pin: ReportPinRecord = {
        _id: newId(),
        workspace_id: workspaceId,
        saved_report_id: report._id,
        user_id: auth.user_id,
        version: 1,
        created_at: isoNow(),
      };
      try {
        await commit(context, async ({ transaction, publish }) => {
          await pins.create([pin], { session: transaction });
          publish(reportPinned, { workspace_id: workspaceId, actor: auth.actor, data: pinState(pin, report) });
        });
      } catch (error) {
        // A concurrent request pinned it first: pinned either way.
        if (!isDuplicateKey(error)) throw error;
      }
    }),
    implement(unpinSavedReport, async ({ req, auth, params }) => {
      const workspaceId = workspaceOf(req);
      const report = await visibleReport(context, auth, workspaceId, params.id);
      await commit(context, async ({ transaction, publish }) => {
        const pin = await pins
          .findOne({ workspace_id: workspaceId, saved_report_id: report._id, user_id: auth.user_id })
          .session(transaction)
          .lean<ReportPinRecord>()
          .exec();
        if (!pin) return;
        await pins.deleteOne({ _id: pin._id, workspace_id: workspaceId }, { session: transaction });
        publish(reportUnpinned, {
          workspace_id: workspaceId,
          actor: auth.actor,
          data: pinState({ ...pin, version: pin.version + 1 }, report),
        });
      });
    }),
    implement(runSavedReport, async ({ req, auth, params }) => {
      const workspaceId = workspaceOf(req);
      const report = await visibleReport(context, auth, workspaceId, params.id);
      checkReportPlan(report.definition.object, auth.plan);
      const data = await workspaceData(workspaceCache, workspaceId);
      // Valid when saved: a field missing now was archived or deleted since.
      const compiled = compileReport(data, report.definition, '', (message) =>
        conflict(`the report names a field that is no longer available (${message})`, 'report_field_unavailable'),
      );
      checkReportContacts(compiled, auth);
      return { ...runReport(data, compiled), name: report.name };
    }),
  ];
}
