import { defineEvent, Type } from '@crm/protos';
import { describeEvent, erasesObject, isAudited } from '../audit-descriptions';
import { auditReadings, reads } from '../readings';
import { IDENTITY_READINGS } from '../readings/identity-readings';

const WORKSPACE = '0190a000-0000-7000-8000-000000000001';
const reading = (type: string, data: Record<string, unknown>, workspaceId: string | null = WORKSPACE) =>
  describeEvent({ type, workspace_id: workspaceId, data });

// What a new service declares in protos/events/, and how identity reads it.
const contactErased = defineEvent({
  type: 'crm.contact.erased',
  description: "A contact's personal data was erased.",
  record: { entity: 'contact', idField: 'contact_id', deletes: true },
  payload: { contact_id: Type.String() },
});
const pipelineCreated = defineEvent({
  type: 'crm.pipeline.created',
  description: 'A pipeline was created.',
  record: { entity: 'pipeline', idField: 'pipeline_id' },
  payload: { pipeline_id: Type.String(), name: Type.String() },
});
const declared = auditReadings(IDENTITY_READINGS, [
  reads(contactErased, { source: 'record', objectName: null, summary: 'Erased a contact', erasesObject: true }),
  reads(pipelineCreated, { source: 'admin', objectName: 'name', summary: 'Added pipeline "{name}"' }),
]);

describe('audit descriptions', () => {
  it('reads identity events as admin changes with their own sentences', () => {
    expect(
      reading('identity.api_key.created', {
        api_key_id: 'k1',
        name: 'Nightly sync',
        prefix: 'crm_ak_x',
        role: 'Sales',
      }),
    ).toEqual({
      source: 'admin',
      action: 'created',
      object_type: 'api_key',
      object_id: 'k1',
      object_name: 'Nightly sync',
      summary: 'Created API key "Nightly sync"',
    });
    expect(reading('identity.api_key.revoked', { api_key_id: 'k1', name: 'Nightly sync' })?.summary).toBe(
      'Revoked API key "Nightly sync"',
    );
    // A member is named by the person's id, as GET /members shows it.
    expect(
      reading('identity.member.added', {
        member_id: 'm1',
        user_id: 'u1',
        name: 'Ann',
        email: 'ann@x.io',
        role: 'Owner',
      }),
    ).toMatchObject({
      object_type: 'member',
      object_id: 'u1',
      object_name: 'Ann',
      summary: 'Added ann@x.io as Owner',
    });
    expect(
      reading('identity.invitation.created', { invitation_id: 'i1', email: 'bo@x.io', role: 'Sales' }),
    ).toMatchObject({
      object_type: 'invitation',
      object_id: 'i1',
      object_name: 'bo@x.io',
      summary: 'Invited bo@x.io as Sales',
    });
    expect(reading('identity.invitation.revoked', { invitation_id: 'i1', email: 'bo@x.io' })?.summary).toBe(
      'Revoked the invitation of bo@x.io',
    );
    expect(
      reading('identity.invitation.accepted', { invitation_id: 'i1', email: 'bo@x.io', role: 'Sales' })?.summary,
    ).toBe('bo@x.io accepted the invitation as Sales');
  });

  it('says what changed about a member', () => {
    const member = { member_id: 'm1', user_id: 'u1', name: 'Ann', email: 'ann@x.io' };
    const roleChange = {
      ...member,
      role: 'Admin',
      previous_role: 'Sales',
      status: 'active',
      previous_status: 'active',
    };
    expect(reading('identity.member.updated', roleChange)).toMatchObject({
      action: 'updated',
      object_type: 'member',
      object_id: 'u1',
      summary: 'Changed role of ann@x.io from Sales to Admin',
    });
    const disabled = {
      ...member,
      role: 'Sales',
      previous_role: 'Sales',
      status: 'disabled',
      previous_status: 'active',
    };
    expect(reading('identity.member.updated', disabled)?.summary).toBe('Disabled ann@x.io');
    const both = { ...roleChange, status: 'active', previous_status: 'disabled' };
    expect(reading('identity.member.updated', both)?.summary).toBe(
      'Changed role of ann@x.io from Sales to Admin and re-enabled ann@x.io',
    );
  });

  it('says what changed about the workspace and a role', () => {
    expect(
      reading('identity.workspace.updated', {
        workspace_id: WORKSPACE,
        name: 'Beta',
        changes: { name: { before: 'Acme', after: 'Beta' }, 'settings.currency': { before: 'GBP', after: 'EUR' } },
      }),
    ).toMatchObject({
      object_type: 'workspace',
      object_id: WORKSPACE,
      object_name: 'Beta',
      summary: 'Renamed the workspace from "Acme" to "Beta"; changed currency from GBP to EUR',
    });
    expect(
      reading('identity.role.updated', {
        role_id: 'r1',
        name: 'Closers',
        previous_name: 'Sellers',
        permissions: ['companies:read', 'companies:write'],
        previous_permissions: ['companies:read', 'tasks:read'],
      })?.summary,
    ).toBe(
      'Renamed role "Sellers" to "Closers"; changed permissions of role "Closers": added companies:write; removed tasks:read',
    );
    expect(reading('identity.role.deleted', { role_id: 'r1', name: 'Closers' })).toMatchObject({
      object_id: 'r1',
      summary: 'Deleted role "Closers"',
    });
  });

  it("describes another service's events as identity reads them", () => {
    expect(
      describeEvent(
        { type: 'crm.pipeline.created', workspace_id: WORKSPACE, data: { pipeline_id: 'p1', name: 'Sales' } },
        declared,
      ),
    ).toEqual({
      source: 'admin',
      action: 'created',
      object_type: 'pipeline',
      object_id: 'p1',
      object_name: 'Sales',
      summary: 'Added pipeline "Sales"',
    });
    expect(erasesObject('crm.contact.erased', declared)).toBe(true);
    expect(erasesObject('crm.widget.erased')).toBe(false);
  });

  // What a purge from the recycle bin leaves in the log: the records purged, and the changes it
  // makes to what pointed at them (crm-core's service tests check it publishes these events).
  it('reads a purge from the recycle bin and what it lets go of', () => {
    expect(reading('crm.company.purged', { company_id: 'c1', name: 'Doomed Ltd' })).toMatchObject({
      source: 'record',
      object_type: 'company',
      object_id: 'c1',
      summary: 'Purged company "Doomed Ltd" from the recycle bin',
    });
    expect(reading('crm.contact.purged', { contact_id: 'p1', first_name: 'Sam', last_name: 'Reed' })?.summary).toBe(
      'Purged contact "Sam Reed" from the recycle bin',
    );
    expect(reading('crm.task.deleted', { task_id: 't1', title: 'Follow up' })?.summary).toBe(
      'Deleted task "Follow up"',
    );
    expect(reading('crm.meeting.updated', { meeting_id: 'm1', title: 'Demo', fields: ['company_id'] })?.summary).toBe(
      'Updated meeting "Demo"',
    );
    expect(
      reading('crm.contact.updated', { contact_id: 'p2', first_name: 'Rita', fields: ['reports_to_id'] })?.summary,
    ).toBe('Updated contact "Rita"');
  });

  it('describes events nobody declared yet generically, from their data, as records', () => {
    expect(reading('crm.widget.created', { widget_id: 'c1', name: 'Acme' })).toEqual({
      source: 'record',
      action: 'created',
      object_type: 'widget',
      object_id: 'c1',
      object_name: 'Acme',
      summary: 'Created widget "Acme"',
    });
    expect(reading('crm.widget.updated', { id: 'p1', first_name: 'Ann', last_name: 'Lee' })).toMatchObject({
      object_id: 'p1',
      object_name: 'Ann Lee',
      summary: 'Updated widget "Ann Lee"',
    });
    expect(reading('marketing.widget.recorded', { widget_id: 't1' })).toMatchObject({
      source: 'record',
      object_name: null,
      summary: 'Recorded widget',
    });
    expect(reading('crm.deal.stage_changed', { deal_id: 'd1', title: 'Big order' })?.summary).toBe(
      'Deal "Big order" stage changed',
    );
    expect(reading('billing.widget.started', { widget_id: 's1' })?.source).toBe('record');
    expect(reading('documents.widget.deleted', { widget_id: 'd1', name: 'a.pdf' })?.source).toBe('record');
  });

  it('keeps nothing but the id of an erased contact', () => {
    const data = { contact_id: 'p1', name: 'Ann Lee', email: 'ann@x.io' };
    const erased = describeEvent({ type: 'crm.contact.erased', workspace_id: WORKSPACE, data }, declared);
    expect(erased).toEqual({
      source: 'record',
      action: 'erased',
      object_type: 'contact',
      object_id: 'p1',
      object_name: null,
      summary: 'Erased a contact',
    });
    expect(JSON.stringify(erased)).not.toMatch(/Ann|ann@/);
  });

  it('skips sessions, sign-ups and events outside a workspace', () => {
    for (const type of [
      'identity.session.started',
      'identity.session.switched',
      'identity.session.ended',
      'identity.user.signed_up',
    ]) {
      expect(isAudited({ type, workspace_id: WORKSPACE })).toBe(false);
      expect(reading(type, {})).toBeNull();
    }
    expect(reading('identity.user.password_changed', { user_id: 'u1' }, null)).toBeNull();
    expect(isAudited({ type: 'identity.api_key.created', workspace_id: WORKSPACE })).toBe(true);
  });

  it('copes with data that is not an object', () => {
    expect(describeEvent({ type: 'crm.widget.deleted', workspace_id: WORKSPACE, data: 'x' })).toMatchObject({
      object_id: null,
      object_name: null,
      summary: 'Deleted widget',
    });
  });
});
