import { AppError, isoNow, newId, normaliseEmail, validationFailed, type InternalClaims } from '@crm/kit';
import { contactCreated, contactDisplayName, type crmCoreLeadsV1 } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import { createCompanyRecord } from '../../records/companies/company-writes';
import { checkCompany, checkOwner } from '../../records/contacts/contact-rules';
import { contactSearchFields, contactState } from '../../records/contacts/contact-view';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { claimRecordRoom, workspacePlan } from '../../records/record-limit';
import { recordLimitGuard } from '../../records/record-limit-guard.model';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

// Mail providers whose domain says nothing about a visitor's company: a submission from one is
// never matched to a company by domain.
const PERSONAL_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'yahoo.com',
  'yahoo.co.uk',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
]);

const COMPANY_NAME_MAX = 200;

interface Company {
  id: string;
  name: string;
}

const given = (value: string) => (value.trim() === '' ? null : value.trim());

function businessDomain(email: string | null): string | null {
  if (!email) return null;
  const domain = normaliseEmail(email).split('@')[1] ?? '';
  return domain === '' || PERSONAL_MAIL_DOMAINS.has(domain) ? null : domain;
}

async function findCompany(
  context: ServiceContext,
  workspaceId: string,
  domain: string | null,
  name: string | null,
): Promise<Company | null> {
  const companies = companyModel(context.connection);
  const live = { workspace_id: workspaceId, deleted_at: null };
  const oldest = { created_at: 1 as const, _id: 1 as const };
  if (domain) {
    const byDomain = await companies
      .findOne({ ...live, domain }, { name: 1 })
      .sort(oldest)
      .lean<{ _id: string; name: string | null }>()
      .exec();
    if (byDomain) return { id: byDomain._id, name: byDomain.name ?? '' };
  }
  if (name) {
    const byName = await companies
      .findOne({ ...live, name_folded: name.toLowerCase() }, { name: 1 })
      .sort(oldest)
      .lean<{ _id: string; name: string | null }>()
      .exec();
    if (byName) return { id: byName._id, name: byName.name ?? '' };
  }
  return null;
}

type LeadCompanyBody = Parameters<typeof createCompanyRecord>[3];
const DROPPABLE = ['owner_id', 'source_id', 'campaign_id'] as const;

// A form's owner, source or campaign may have gone since the form was set up (a member disabled, a
// source or campaign deleted): the company is then created without it rather than the lead lost.
async function createLeadCompany(
  runtime: CrmCoreRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: LeadCompanyBody,
) {
  let attempt: LeadCompanyBody = body;
  for (;;) {
    try {
      return await createCompanyRecord(runtime, claims, workspaceId, attempt);
    } catch (error) {
      const field =
        error instanceof AppError && error.code === 'validation_failed'
          ? DROPPABLE.find((name) => error.message.startsWith(name) && attempt[name] !== undefined)
          : undefined;
      if (!field) throw error;
      attempt = { ...attempt, [field]: undefined };
    }
  }
}

async function stillMember(
  context: ServiceContext,
  workspaceId: string,
  ownerId: string | undefined,
): Promise<string | null> {
  if (!ownerId) return null;
  try {
    await checkOwner(context, workspaceId, ownerId);
    return ownerId;
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') return null;
    throw error;
  }
}

// A web form submission as a lead: the contact matched by email, else created; the company the
// contact belongs to, else matched by the email's business domain or by name, else created with
// the form's campaign, source and owner. Matching first makes a retried submission (marketing
// keeps one until it is processed) find what the first attempt created. Creating counts against
// the workspace's record limit (its plan asked of identity, only when something is created): at
// the limit the call fails with 409 record_limit_reached and marketing keeps the submission and
// retries it, so the lead is made once there is room.
export async function captureLead(
  runtime: CrmCoreRuntime,
  request: crmCoreLeadsV1.CaptureLeadRequest,
): Promise<crmCoreLeadsV1.CaptureLeadResponse> {
  const { context } = runtime;
  const workspaceId = request.workspace_id;
  if (!workspaceId) throw validationFailed('workspace_id is required');
  const email = given(request.email);
  const firstName = given(request.first_name);
  const lastName = given(request.last_name);
  const companyName = given(request.company_name)?.slice(0, COMPANY_NAME_MAX) ?? null;
  if (!email && !companyName && !firstName && !lastName)
    throw validationFailed('a lead needs an email, a name or a company');
  const claims: InternalClaims = {
    workspace_id: workspaceId,
    user_id: request.owner_id,
    actor: { type: 'app', id: request.actor_id, label: given(request.actor_label) },
    role: null,
    permissions: [],
    is_admin: false,
    plan: '',
  };
  let plan: string | undefined;
  const planOfWorkspace = async () => (plan ??= await workspacePlan(context, workspaceId));
  const optional = (value: string) => (value === '' ? undefined : value.toLowerCase());

  let contact: Pick<ContactRecord, '_id' | 'company_id' | 'first_name' | 'last_name' | 'email'> | null = null;
  if (email) {
    contact = await contactModel(context.connection)
      .findOne(
        { workspace_id: workspaceId, email_normalised: normaliseEmail(email), deleted_at: null },
        { company_id: 1, first_name: 1, last_name: 1, email: 1 },
      )
      .sort({ created_at: 1, _id: 1 })
      .lean<Pick<ContactRecord, '_id' | 'company_id' | 'first_name' | 'last_name' | 'email'>>()
      .exec();
  }

  let company: Company | null = null;
  let companyCreated = false;
  if (contact?.company_id) {
    const row = await companyModel(context.connection)
      .findOne({ workspace_id: workspaceId, _id: contact.company_id, deleted_at: null }, { name: 1 })
      .lean<{ _id: string; name: string | null }>()
      .exec();
    if (row) company = { id: row._id, name: row.name ?? '' };
  }
  if (!company) company = await findCompany(context, workspaceId, businessDomain(email), companyName);
  if (!company) {
    const personName = [firstName, lastName].filter(Boolean).join(' ');
    const name = (companyName ?? businessDomain(email) ?? (personName || email) ?? 'Web form lead').slice(
      0,
      COMPANY_NAME_MAX,
    );
    const created = await createLeadCompany(runtime, { ...claims, plan: await planOfWorkspace() }, workspaceId, {
      name,
      domain: businessDomain(email),
      owner_id: optional(request.owner_id),
      source_id: optional(request.source_id),
      campaign_id: optional(request.campaign_id),
    });
    company = { id: created.id, name: created.name ?? name };
    companyCreated = true;
  }
  // The form's owner may have been disabled since: the lead is then nobody's, never refused.
  const ownerId = await stillMember(context, workspaceId, optional(request.owner_id));

  if (contact) {
    return {
      company_id: company.id,
      company_name: company.name,
      company_created: companyCreated,
      contact_id: contact._id,
      contact_name: contactDisplayName(contact) ?? '',
      contact_created: false,
    };
  }
  if (!email && !firstName && !lastName) {
    return {
      company_id: company.id,
      company_name: company.name,
      company_created: companyCreated,
      contact_id: '',
      contact_name: '',
      contact_created: false,
    };
  }
  const companyId = company.id;
  const contactPlan = await planOfWorkspace();
  const outcome = await commit(context, async ({ transaction, publish }) => {
    // Submissions of one email processed at the same moment: the guard row makes their
    // transactions conflict, and the one run again finds the contact the other made.
    await recordLimitGuard.take(context.connection, transaction, workspaceId);
    if (email) {
      const made = await contactModel(context.connection)
        .findOne(
          { workspace_id: workspaceId, email_normalised: normaliseEmail(email), deleted_at: null },
          { company_id: 1, first_name: 1, last_name: 1, email: 1 },
        )
        .sort({ created_at: 1, _id: 1 })
        .session(transaction)
        .lean<Pick<ContactRecord, '_id' | 'company_id' | 'first_name' | 'last_name' | 'email'>>()
        .exec();
      if (made) return { record: made, created: false };
    }
    await checkCompany(context, workspaceId, companyId, transaction);
    await claimRecordRoom(context, transaction, workspaceId, contactPlan, 1);
    const now = isoNow();
    const fields = {
      company_id: companyId,
      reports_to_id: null,
      owner_id: ownerId,
      first_name: firstName,
      last_name: lastName,
      email,
      phone: given(request.phone),
      mobile: null,
      job_title: given(request.job_title),
      lawful_basis: request.consent ? ('consent' as const) : null,
    };
    const created: ContactRecord = {
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      ...fields,
      custom: {},
      ...contactSearchFields(fields),
      deleted_at: null,
      created_at: now,
      updated_at: now,
    };
    await contactModel(context.connection).create([created], { session: transaction });
    publish(contactCreated, { workspace_id: workspaceId, actor: claims.actor, data: contactState(created) });
    return { record: created, created: true };
  });
  const { record } = outcome;
  return {
    company_id: company.id,
    company_name: company.name,
    company_created: companyCreated,
    contact_id: record._id,
    contact_name:
      contactDisplayName({ first_name: record.first_name, last_name: record.last_name, email: record.email }) ?? '',
    contact_created: outcome.created,
  };
}
