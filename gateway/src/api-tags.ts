// What each tag of the OpenAPI document groups, as the reference shows it above its operations.
// Every tag an operation or event carries must be here (the document lint refuses a tag without
// a description).
export const TAG_DESCRIPTIONS: Record<string, string> = {
  activities: 'The timeline of a company, contact or deal: notes, calls and what happened to the record.',
  'api-keys': 'API keys for integrations: created by a member, shown once, revoked at any time; each carries a role.',
  'audit-log': 'Who changed what in the workspace, kept for admins.',
  auth: 'Sign-up, sign-in, sign-out and switching workspace: how a person gets a session token.',
  billing: 'The workspace’s plan and subscription: checkout, the customer portal, invoices and plan limits.',
  campaigns: 'Marketing campaigns, their budget and spend (Standard plan).',
  companies:
    'Companies, the leads and accounts of the pipeline: list, search, create, change, merge, bulk actions and the recycle bin.',
  contacts: 'People at companies, with their custom fields; merged, restored from the recycle bin or erased for good.',
  'custom-fields':
    'Workspace-defined fields of companies, contacts and deals; their values live in each record’s `custom`.',
  deals: 'Deals through a deal pipeline, with totals and the forecast.',
  documents: 'Files attached to records: upload through a signed URL, download through a short-lived link.',
  duplicates: 'Groups of likely duplicate companies and contacts, to merge or dismiss.',
  events: 'The workspace’s event feed (`GET /events`), the same events webhooks deliver. Admins only.',
  Events:
    'Webhook deliveries: one entry per public event type, with its payload schema (Standard Webhooks signatures).',
  export: 'An export of the workspace’s records as a ZIP of CSV files.',
  import: 'Companies and their contacts imported in batches of rows, with a dry run first.',
  integrations: 'Connections to outside services (calendar providers).',
  invitations: 'Inviting people to the workspace and accepting an invitation.',
  'lead-sources': 'Where leads come from, kept as a list per workspace.',
  me: 'The caller: their profile, their address for logging emails, email verification and password change.',
  meetings: 'Meetings with contacts, synchronised with the organiser’s calendar when connected.',
  members: 'The people of the workspace, their roles and status.',
  notifications: 'In-app notifications of the caller.',
  onboarding: 'Creating a workspace, and the workspaces the signed-in person belongs to.',
  'pipeline-stages': 'The stages of company and deal pipelines.',
  pipelines: 'Company and deal pipelines and their stages (admin).',
  public:
    'Reached without a token: mailed links (email verification, invitations, password resets), public web form posts and the calendar provider’s return. Each says what protects it.',
  recent: 'Records the caller viewed recently.',
  reports:
    'Reports over the workspace’s records: the catalogue of fields, ad-hoc runs, saved reports and fixed reports.',
  roles: 'Roles and their permissions (admin).',
  'saved-views': 'Saved list filters of companies, contacts and deals.',
  search: 'Find companies and contacts.',
  tasks: 'Tasks with due dates and reminders, for a member and a record.',
  touchpoints: 'Marketing touchpoints of contacts (Standard plan).',
  'web-forms': 'Public web forms whose submissions create leads.',
  webhooks: 'Webhook endpoints of the workspace, their deliveries and retries (Standard Webhooks). Admins only.',
  workspace: 'The workspace’s own settings.',
};
