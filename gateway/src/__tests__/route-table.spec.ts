import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveRoute, ROUTES, type ServiceName } from '../route-table';

// The owner of each first path segment, as ARCHITECTURE.md's table says.
const OWNER_BY_SEGMENT: Record<string, ServiceName> = {
  onboarding: 'identity',
  me: 'identity',
  members: 'identity',
  workspace: 'identity',
  roles: 'identity',
  invitations: 'identity',
  'api-keys': 'identity',
  'audit-log': 'identity',
  notifications: 'identity',
  pipelines: 'crm-core',
  'pipeline-stages': 'crm-core',
  'lead-sources': 'crm-core',
  'custom-fields': 'crm-core',
  companies: 'crm-core',
  contacts: 'crm-core',
  deals: 'crm-core',
  activities: 'crm-core',
  tasks: 'crm-core',
  meetings: 'crm-core',
  integrations: 'crm-core',
  duplicates: 'crm-core',
  import: 'crm-core',
  search: 'crm-core',
  recent: 'crm-core',
  'saved-views': 'crm-core',
  export: 'crm-core',
  campaigns: 'marketing',
  touchpoints: 'marketing',
  'web-forms': 'marketing',
  reports: 'reports',
  documents: 'documents',
  billing: 'billing',
};

// The 120 operations of the contract, read from the spec itself.
function specOperations(): Array<{ method: string; path: string }> {
  const spec = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'api', 'crm-api.md'), 'utf8');
  return [...spec.matchAll(/^\| (GET|POST|PATCH|PUT|DELETE) (\/[^ |]*) \|/gm)].map((match) => ({
    method: match[1],
    path: match[2],
  }));
}

describe('route table', () => {
  it('maps every operation of the spec to the service that owns it', () => {
    const operations = specOperations();
    expect(operations).toHaveLength(120);
    for (const { path } of operations) {
      const concrete = `/v1${path.replace(/\{[^}]+\}/g, '0190a5c4-0000-7000-8000-000000000001')}`;
      const owner = OWNER_BY_SEGMENT[path.split('/')[1]];
      expect({ path, service: resolveRoute(concrete)?.service }).toEqual({ path, service: owner });
      expect(resolveRoute(concrete)?.public).toBeFalsy();
    }
  });

  it('matches whole path segments only and nothing outside /v1', () => {
    expect(resolveRoute('/v1/members')?.service).toBe('identity');
    expect(resolveRoute('/v1/meetings')?.service).toBe('crm-core');
    expect(resolveRoute('/v1/mex')).toBeUndefined();
    expect(resolveRoute('/v1/companiesx')).toBeUndefined();
    expect(resolveRoute('/companies')).toBeUndefined();
    expect(resolveRoute('/v2/companies')).toBeUndefined();
    expect(resolveRoute('/v1')).toBeUndefined();
  });

  it('gives a contact erasure its own timeout, and every other contact path the default', () => {
    const id = '0190a5c4-0000-7000-8000-000000000001';
    expect(resolveRoute(`/v1/contacts/${id}/erase`)).toMatchObject({ service: 'crm-core', timeoutMs: 60_000 });
    for (const path of [
      `/v1/contacts/${id}`,
      `/v1/contacts/${id}/merge`,
      '/v1/contacts',
      `/v1/contacts/${id}/erasex`,
      '/v1/contacts/erase',
    ]) {
      expect({ path, route: resolveRoute(path) }).toEqual({ path, route: { path: '/contacts', service: 'crm-core' } });
    }
  });

  it('lets only sign-up, sign-in and the links sent by mail through without a token', () => {
    expect(ROUTES.filter((route) => route.public).map((route) => route.path)).toEqual([
      '/auth/sign-in',
      '/auth/sign-up',
      '/public/email-verifications',
      '/public/invitations',
      '/public/password-resets',
      '/public/integrations/calendar',
      '/public/forms',
      '/public/files',
      '/public/billing',
    ]);
    // Signed upload and download URLs of documents: the body is passed through, not read whole.
    expect(resolveRoute('/v1/public/files/0193a5f0-0000-7000-8000-000000000001')).toEqual({
      path: '/public/files',
      service: 'documents',
      public: true,
      streamed: true,
    });
    // The payment provider's signed webhooks and the simulated provider's hosted pages.
    expect(resolveRoute('/v1/public/billing/webhooks')).toEqual({
      path: '/public/billing',
      service: 'billing',
      public: true,
    });
    expect(resolveRoute('/v1/billing/checkout')?.public).toBeFalsy();
    // A calendar provider returns the member here after sign-in; the signed state names them, and
    // the flow's cookie (the only cookie forwarded anywhere) shows it is the same browser.
    expect(resolveRoute('/v1/public/integrations/calendar/provider_a/callback')).toEqual({
      path: '/public/integrations/calendar',
      service: 'crm-core',
      public: true,
      cookies: ['crm_calendar_flow'],
    });
    expect(ROUTES.filter((route) => route.cookies !== undefined).map((route) => route.path)).toEqual([
      '/public/integrations/calendar',
    ]);
    expect(resolveRoute('/v1/auth/sign-in')?.public).toBe(true);
    expect(resolveRoute('/v1/public/password-resets/abc')?.public).toBe(true);
    expect(resolveRoute('/v1/auth/sign-out')?.public).toBeFalsy();
    expect(resolveRoute('/v1/public/other')).toBeUndefined();
  });
});
