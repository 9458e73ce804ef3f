// Generated from openapi.json (GET /v1/openapi.json) by `pnpm --filter @crm/sdk run generate`.
// Do not edit: regenerate instead.
export interface paths {
    "/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A record's timeline, newest first
         * @description Newest first by occurred_at (then id), with opaque cursors no new entry moves. For a company, include_contacts (default true) adds the entries of the contacts now at that company. A target that is not a record of the workspace (another workspace's too) is 404; a record in the recycle bin can be read.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getActivities"];
        put?: never;
        /**
         * Add a note or log a call
         * @description A note needs body (1..20000) and may have subject (up to 200); a call needs outcome and may have body and occurred_at. Other types (system, email, meeting, task, plugin) are written by the service: 400. The target must be a company or contact outside the recycle bin, or a deal, of the workspace (400 naming target_id). actor_label is the person's name, or the API key's name when a key writes it.
         *
         *     Needs the `activities:write` permission.
         */
        post: operations["postActivities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API keys of the workspace
         * @description Every key, revoked ones included (`revoked_at` set), newest first.
         *
         *     Workspace admins only.
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The key acts as the calling member with the given role, never beyond the creator’s own permissions.
         *
         *     Workspace admins only.
         */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Effective on the very next request.
         *
         *     Workspace admins only. Agent keys cannot call it.
         */
        delete: operations["deleteApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of the workspace, newest first
         * @description Page with `before` (the previous page’s `next_before`) or with `offset`.
         *
         *     Workspace admins only.
         */
        get: operations["getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description An unknown email and a wrong password get the same 401.
         *
         *     No token needed.
         */
        post: operations["postAuthSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the calling session
         * @description For a signed-in session, not an API key. The very next request with its token is refused.
         *
         *     Any authenticated caller.
         */
        post: operations["postAuthSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description With `invitation_token` (from an invitation link) the account joins the inviting workspace, even where self-service sign-up is switched off (403 `signup_disabled`).
         *
         *     No token needed.
         */
        post: operations["postAuthSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/switch-workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the calling session to another workspace of the person
         * @description For a signed-in session, not an API key. A workspace the person is not an active member of answers 404.
         *
         *     Any authenticated caller.
         */
        post: operations["postAuthSwitchWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's plan, seats, limits, subscription and invoices
         * @description Workspace admins only.
         */
        get: operations["getBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A hosted checkout address for upgrading to Standard
         * @description Opens the payment provider's hosted checkout for the Standard plan, billed per active member. During the complimentary period the first payment is due when it ends. A workspace whose subscription is already in place answers 409 `already_subscribed` (use the portal).
         *
         *     Workspace admins only.
         */
        post: operations["postBillingCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payment provider's customer portal
         * @description Card, billing details, VAT number, invoices and cancellation, at the payment provider. A workspace that never opened checkout has no billing account there: 409 `no_billing_account`.
         *
         *     Workspace admins only.
         */
        post: operations["postBillingPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Newest first, offset paging with total. Filters combine.
         *
         *     Needs the `companies:read` permission, the standard plan.
         */
        get: operations["getCampaigns"];
        put?: never;
        /**
         * Create a campaign
         * @description Needs the `companies:write` permission, the standard plan.
         */
        post: operations["postCampaigns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign with its totals
         * @description Needs the `companies:read` permission, the standard plan.
         */
        get: operations["getCampaignsById"];
        put?: never;
        post?: never;
        /**
         * Delete a campaign
         * @description Records it brought in keep their link for reporting (they show its last name); its spend lines and touchpoints are kept for reports.
         *
         *     Needs the `companies:write` permission, the standard plan. Agent keys cannot call it.
         */
        delete: operations["deleteCampaignsById"];
        options?: never;
        head?: never;
        /**
         * Change a campaign
         * @description Absent fields are unchanged, null clears. A rename shows on the next read of every company and deal credited to it.
         *
         *     Needs the `companies:write` permission, the standard plan.
         */
        patch: operations["patchCampaignsById"];
        trace?: never;
    };
    "/campaigns/{id}/spend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's spend lines
         * @description Newest first (by spent_on, then by when recorded); total is their exact sum in the campaign currency.
         *
         *     Needs the `companies:read` permission, the standard plan.
         */
        get: operations["getCampaignsByIdSpend"];
        put?: never;
        /**
         * Record spend lines
         * @description Up to 1000 lines, all validated before any is written (a refusal names lines.<i>.<field>). A line with an external_ref replaces the line with the same ref in this campaign (counted in updated), also between concurrent requests; a ref repeated within one request keeps its last line.
         *
         *     Needs the `companies:write` permission, the standard plan.
         */
        post: operations["postCampaignsByIdSpend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/spend/{spend_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a spend line
         * @description Needs the `companies:write` permission, the standard plan. Agent keys cannot call it.
         */
        delete: operations["deleteCampaignsByIdSpendBySpendId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List companies
         * @description Every filter combines with the others. Cursor paging (next_cursor, null on the last page) is stable under concurrent inserts and deletes; offset paging answers total instead. A saved view’s filters replay here as query parameters.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getCompanies"];
        put?: never;
        /**
         * Create a company
         * @description Without stage_id it starts in the first stage of the default company pipeline. On a plan with a record limit, a workspace holding that many companies, contacts and deals (the recycle bin included) answers 409 `record_limit_reached` (docs/billing.md).
         *
         *     Needs the `companies:write` permission.
         */
        post: operations["postCompanies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a company
         * @description Also one in the recycle bin (deleted_at set).
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getCompaniesById"];
        put?: never;
        post?: never;
        /**
         * Move a company to the recycle bin
         * @description Restorable for 30 days (bulk restore), then purged. Deleting one already in the bin changes nothing.
         *
         *     Needs the `companies:write` permission. Agent keys cannot call it.
         */
        delete: operations["deleteCompaniesById"];
        options?: never;
        head?: never;
        /**
         * Change a company
         * @description Only the fields given change. custom merges key by key (null removes a key). A company in the recycle bin is not found: restore it first.
         *
         *     Needs the `companies:write` permission.
         */
        patch: operations["patchCompaniesById"];
        trace?: never;
    };
    "/companies/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge other companies into this one
         * @description All or nothing. This company keeps its values and fills its empty fields (and custom keys) from the sources in the order given; their contacts move here; the sources go to the recycle bin.
         *
         *     Needs the `companies:write` permission. Agent keys cannot call it.
         */
        post: operations["postCompaniesByIdMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move, reassign, delete or restore up to 200 companies
         * @description Ids that are unknown or of another workspace are left alone and not counted; updated counts the companies actually changed. move_stage and reassign change companies outside the recycle bin.
         *
         *     Needs the `companies:write` permission. Agent keys cannot call it with `action: delete`.
         */
        post: operations["postCompaniesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many companies each list tab holds
         * @description all, leads, accounts, mine and unassigned leave out the recycle bin; deleted is the recycle bin.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getCompaniesCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contacts, newest first
         * @description Cursor paging (next_cursor is null on the last page). q matches the start of the full name, the last name or the email, ignoring case. custom is a JSON object matched on equality of each key. deleted=true lists the recycle bin, most recently deleted first.
         *
         *     Needs the `contacts:read` permission.
         */
        get: operations["getContacts"];
        put?: never;
        /**
         * Create a contact
         * @description No field is required. Read-only fields (id, created_at, updated_at, deleted_at) and unknown fields are 400. On a plan with a record limit, a workspace holding that many companies, contacts and deals (the recycle bin included) answers 409 `record_limit_reached` (docs/billing.md).
         *
         *     Needs the `contacts:write` permission.
         */
        post: operations["postContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a contact
         * @description A contact in the recycle bin is readable, with deleted_at set.
         *
         *     Needs the `contacts:read` permission.
         */
        get: operations["getContactsById"];
        put?: never;
        post?: never;
        /**
         * Move a contact to the recycle bin
         * @description Restorable for 30 days, then purged for good. Deleting a contact already in the bin changes nothing.
         *
         *     Needs the `contacts:write` permission. Agent keys cannot call it.
         */
        delete: operations["deleteContactsById"];
        options?: never;
        head?: never;
        /**
         * Change a contact
         * @description Only the fields sent change; null clears one. custom merges by key (a null value removes the key). A contact in the recycle bin is 404: restore it first.
         *
         *     Needs the `contacts:write` permission.
         */
        patch: operations["patchContactsById"];
        trace?: never;
    };
    "/contacts/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a contact's personal data for good
         * @description Irreversible. Removes the name, contact details, notes, emails, call notes, files, meeting attendance and the person's name, email or phone inside other timeline entries, tasks and meetings, in every service. Kept: the contact as an erased contact (see docs/privacy.md) and an audit entry without personal data. Erasing again answers the same (files_deleted counts only files deleted by that call).
         *
         *     Needs the `privacy:override` permission. Agent keys cannot call it.
         */
        post: operations["postContactsByIdErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge other contacts into this one
         * @description This contact keeps its values and fills its empty fields (and custom keys) from the sources in the order given; contacts reporting to a source and companies whose primary contact is a source move to this one; the sources go to the recycle bin. All or nothing. A source that is this contact, unknown, of another workspace or in the bin is 400; this contact in the bin is 404.
         *
         *     Needs the `contacts:write` permission. Agent keys cannot call it.
         */
        post: operations["postContactsByIdMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}/personal-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything held about a contact, for a subject access request
         * @description One JSON document gathered from every service: the contact, its timeline and other entries naming the person, tasks, meetings, deals, marketing touchpoints, files (metadata) and audit entries. Needs privacy:override. A contact in the recycle bin or erased is answered too (an erased one shows what is left).
         *
         *     Needs the `privacy:override` permission.
         */
        get: operations["getContactsByIdPersonalData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring a contact back from the recycle bin
         * @description Restoring a contact that is not in the bin changes nothing (204). An erased contact is 409 contact_erased.
         *
         *     Needs the `contacts:write` permission.
         */
        post: operations["postContactsByIdRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom fields in display order
         * @description Ordered by position, then creation. Archived fields only with include_archived=true.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getCustomFields"];
        put?: never;
        /**
         * Define a custom field
         * @description The key is derived from the label (a clash gets _2, _3, …). options are required for select and refused otherwise.
         *
         *     Workspace admins only.
         */
        post: operations["postCustomFields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-fields/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Relabel, reorder, archive a custom field or change its options
         * @description key and type never change.
         *
         *     Workspace admins only.
         */
        patch: operations["patchCustomFieldsById"];
        trace?: never;
    };
    "/deals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deals
         * @description Filters combine. Offset paging with total. value and weighted are sums over the whole filtered set (not the page) of the deals in the workspace currency; deals in other currencies are never added to them and are summed per currency in other_currencies. Weighted uses each deal’s probability, or its stage’s.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getDeals"];
        put?: never;
        /**
         * Create a deal
         * @description Without stage_id it starts in the first stage of the default deal pipeline; without currency in the workspace currency; without campaign_id with the company's campaign. A won or lost stage creates it closed. On a plan with a record limit, a workspace holding that many companies, contacts and deals (the recycle bin included) answers 409 `record_limit_reached` (docs/billing.md).
         *
         *     Needs the `companies:write` permission.
         */
        post: operations["postDeals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a deal
         * @description Needs the `companies:read` permission.
         */
        get: operations["getDealsById"];
        put?: never;
        post?: never;
        /**
         * Delete a deal
         * @description For good: deals have no recycle bin.
         *
         *     Needs the `companies:write` permission. Agent keys cannot call it.
         */
        delete: operations["deleteDealsById"];
        options?: never;
        head?: never;
        /**
         * Change a deal
         * @description Only the fields given change; custom merges key by key (null removes a key). Moving to a won or lost stage closes the deal (status, closed_at); moving back to an open stage reopens it (closed_at cleared, lost_reason kept).
         *
         *     Needs the `companies:write` permission.
         */
        patch: operations["patchDealsById"];
        trace?: never;
    };
    "/deals/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pipeline forecast
         * @description In the workspace currency: open (count, value and weighted value of the open deals), month and quarter (won and lost deals closed in the current calendar month and quarter of the workspace time zone), and stages (every stage of the deal pipelines in catalogue order with the deals now in it). Deals in other currencies are never added: each currency has its own open, month and quarter in other_currencies. pipeline_id and owner narrow every figure.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getDealsForecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files of a company or contact
         * @description Ready files (completed uploads) of the record, newest first. A record that does not exist in the workspace has none.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getDocuments"];
        put?: never;
        /**
         * Start uploading a file
         * @description Creates a pending document and answers a signed upload URL valid 15 minutes: PUT exactly size_bytes bytes to it with Content-Type set to content_type, then POST /documents/{id}/complete. The size is reserved against the workspace quota now. 413 file_too_large over the per-file limit of the plan, 409 storage_quota_exceeded over the quota (docs/documents.md).
         *
         *     Needs the `companies:write` permission.
         */
        post: operations["postDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description Removes the document and its bytes from storage at once (its links stop working) and frees its quota.
         *
         *     Needs the `companies:write` permission. Agent keys cannot call it.
         */
        delete: operations["deleteDocumentsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete an upload
         * @description Checks that the bytes arrived and marks the document ready: it then appears on its record. Completing a ready document answers it unchanged. 409 upload_incomplete when the bytes have not arrived.
         *
         *     Needs the `companies:write` permission.
         */
        post: operations["postDocumentsByIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A download link
         * @description A signed link valid 5 minutes that serves the bytes. 409 document_not_ready for a document not completed yet.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getDocumentsByIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Storage used and the quota
         * @description Bytes held by the workspace (ready files and uploads in progress, which are reserved) and the quota of its plan.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getDocumentsUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List groups of likely duplicates
         * @description Companies with the same domain or the same name; contacts with the same email, or the same name at one company. Records in the recycle bin never appear; dismissed groups do not either, until their members change. At most 100 groups, strongest reason first, then by value.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getDuplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/duplicates/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop suggesting a group of likely duplicates
         * @description The group, with the members it has now, is no longer listed; when a record joins or leaves it, it is suggested again under a new key. 404 when no such group exists (any more); 409 duplicate_group_changed when its members changed since it was listed. Dismissing a dismissed group again changes nothing.
         *
         *     Needs the `companies:write` permission.
         */
        post: operations["postDuplicatesDismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's events, in order
         * @description Every public event of the workspace in the order it was recorded, kept 30 days: a client that was down catches up from the last `next_cursor` it saw (the same ids as webhook deliveries' webhook-id). An empty page still answers a `next_cursor` to poll with later.
         *
         *     Workspace admins only.
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export the workspace as a ZIP of CSV files
         * @description Builds a ZIP of CSV files (companies, contacts, deals, activities, tasks, meetings, users; columns in docs/export.md), streamed into storage whatever the size of the workspace, and answers a link valid 10 minutes. RFC 4180 CSV in UTF-8 with a byte order mark; cells that a spreadsheet would run as a formula (starting with =, +, -, @) are prefixed with an apostrophe; times ISO 8601 UTC, money as decimal text. Companies and contacts in the recycle bin are left out. Admin only. Every export is recorded in the audit log (crm.export.created). No body (or {}).
         *
         *     Workspace admins only.
         */
        post: operations["postExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import companies, each with an optional contact
         * @description Each row is a CompanyCreate (name required) with an optional `contact` (ContactCreate fields except company_id, which is the row's company). Rows are checked one by one: a refused row is reported in errors (index, field, message) and writes nothing; the others go ahead. A company already exists when a live company (or one an earlier row created) has the same domain or the same name ignoring case, punctuation, accents and legal suffixes (Ltd, PLC, Inc, GmbH, …), the rule of GET /duplicates; the domain is compared first. duplicates=skip (default) leaves it and the row (contact included) alone; update sets the fields the row gives (as PATCH) and counts it as updated when something changed, skipped otherwise; create adds another company. A row's contact is matched by email among the workspace's contacts, or by name at the row's company: skip leaves a match alone, update changes it, create adds another. On a plan with a record limit (Free: 2,500 companies, contacts and deals together, the recycle bin included) rows are taken in order while their new records fit; a row whose company or contact would go past the limit is refused whole in errors (field null) and rows that create nothing still go ahead (docs/billing.md). dry_run answers exactly what the same request would do, writing nothing. At most 10000 rows and 16 MiB per request. Every company and contact written publishes its usual event (audit log).
         *
         *     Needs the `companies:write` permission.
         */
        post: operations["postImportCompanies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calendar providers and the caller's connections
         * @description connections are the caller’s own: each member connects their own calendar. Calendar sync is part of the Standard plan (included_in_plan); on another plan working connections are listed as paused.
         *
         *     Any authenticated caller.
         */
        get: operations["getIntegrationsCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/calendar/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a calendar
         * @description Deletes the caller's tokens for the provider (404 when not connected), on every plan (a paused connection too). Events already created stay in the calendar; later changes to those meetings are no longer synced.
         *
         *     Any authenticated caller. Agent keys cannot call it.
         */
        delete: operations["deleteIntegrationsCalendarByProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/calendar/{provider}/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting a calendar
         * @description Answers the provider's sign-in address. Its state is signed, expires after 10 minutes (CALENDAR_STATE_TTL_SECONDS) and works once; after sign-in the provider returns the member to /v1/public/integrations/calendar/{provider}/callback, which stores the connection. The answer sets the cookie crm_calendar_flow (HttpOnly, SameSite=Lax, for the callback's path): the state is bound to it, so the sign-in must happen in the browser that received this answer. Connecting again replaces an earlier connection to the same provider.
         *
         *     Needs the standard plan.
         */
        post: operations["postIntegrationsCalendarByProviderConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the pending invitations of the workspace
         * @description Not accepted, revoked or expired; newest first.
         *
         *     Workspace admins only. Also needs the `users:manage` permission.
         */
        get: operations["getInvitations"];
        put?: never;
        /**
         * Invite a person by email with a role
         * @description The acceptance link is mailed to them. Only an Owner can invite an Owner. A pending invitation holds a seat: when active members and pending invitations take every seat of the plan, 409 `seat_limit_reached` (docs/billing.md).
         *
         *     Workspace admins only. Also needs the `users:manage` permission.
         */
        post: operations["postInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description Its link stops working at once. An accepted invitation cannot be revoked (409 `invitation_not_pending`).
         *
         *     Workspace admins only. Also needs the `users:manage` permission. Agent keys cannot call it.
         */
        delete: operations["deleteInvitationsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation as the signed-in person
         * @description For a signed-in session, whatever workspace it is in (or none yet); the session moves to the invitation’s workspace. When its active members take every seat of its plan, 409 `seat_limit_reached`.
         *
         *     Any authenticated caller.
         */
        post: operations["postInvitationsAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lead-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List lead sources
         * @description In the order they were added (a new workspace starts with ten, one per channel).
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getLeadSources"];
        put?: never;
        /**
         * Add a lead source
         * @description Names are unique in the workspace, ignoring case (409 name_taken).
         *
         *     Workspace admins only.
         */
        post: operations["postLeadSources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lead-sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an unused lead source
         * @description Refused with 409 lead_source_in_use while any company (also one in the recycle bin) or deal has it.
         *
         *     Workspace admins only. Agent keys cannot call it.
         */
        delete: operations["deleteLeadSourcesById"];
        options?: never;
        head?: never;
        /**
         * Rename a lead source or change its channel
         * @description Workspace admins only.
         */
        patch: operations["patchLeadSourcesById"];
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the request acts as
         * @description The person (for a key: the member who created it), the current workspace (null before onboarding), the permissions, and staff support access if any.
         *
         *     Any authenticated caller.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your own profile
         * @description For a signed-in person, not an API key. The avatar is a data:image URL (webp, png or jpeg, base64); null removes it.
         *
         *     Any authenticated caller.
         */
        patch: operations["patchMe"];
        trace?: never;
    };
    "/me/email-logging": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your personal address for logging emails
         * @description BCC or forward emails to the address to log them on the timeline.
         *
         *     Any authenticated caller.
         */
        get: operations["getMeEmailLogging"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new link that verifies your email address
         * @description For a signed-in person, not an API key. The link is mailed only, never answered: following it proves the person receives mail at the address. It replaces the earlier link. At most 5 links an hour per account (the one sent at sign-up counts): then `429 rate_limited` with `Retry-After`. An address already verified answers `409 email_already_verified`.
         *
         *     Any authenticated caller.
         */
        post: operations["postMeEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a one-time link to change your password
         * @description For a signed-in person, not an API key. The link is answered and mailed; asking again replaces the earlier one.
         *
         *     Any authenticated caller.
         */
        post: operations["postMePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List meetings
         * @description Meetings starting at or after from and before to (default: now and 30 days later), earliest first. mine=true keeps those the caller organises or attends. At most limit (1 to 500) are answered.
         *
         *     Needs the `tasks:read` permission.
         */
        get: operations["getMeetings"];
        put?: never;
        /**
         * Create a meeting
         * @description The caller is the organiser. With the organiser's calendar connected (Standard plan) the meeting is added to it shortly after (join_url appears for an online meeting); online_meeting and send_invites need that calendar (400 calendar_not_connected).
         *
         *     Needs the `tasks:write` permission.
         */
        post: operations["postMeetings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a meeting
         * @description Needs the `tasks:read` permission.
         */
        get: operations["getMeetingsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a meeting
         * @description Only the fields given change; user_ids and contact_ids replace the attendees of their type. status moves freely between scheduled, done and cancelled; cancelling cancels the event in the organiser's calendar.
         *
         *     Needs the `tasks:write` permission.
         */
        patch: operations["patchMeetingsById"];
        trace?: never;
    };
    "/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members of the workspace
         * @description For owner and assignee pickers: every member, active and disabled, by name. A member's id is the person's id, taken by every field that names a person.
         *
         *     Any authenticated caller.
         */
        get: operations["getMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a member's role or status
         * @description Disabling a member or changing their role takes effect on their very next request. The last active Owner cannot be demoted or disabled (409 `last_owner`). Re-enabling a member when the active members take every seat of the plan is 409 `seat_limit_reached` (docs/billing.md).
         *
         *     Workspace admins only. Also needs the `users:manage` permission.
         */
        patch: operations["patchMembersById"];
        trace?: never;
    };
    "/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notifications in this workspace, newest first
         * @description An API key reads those of the member who created it.
         *
         *     Any authenticated caller.
         */
        get: operations["getNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark your notifications read
         * @description The given ids, or all of them when `ids` is omitted (or no body is sent). Ids of other people’s notifications match nothing.
         *
         *     Any authenticated caller.
         */
        post: operations["postNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workspace and switch the session to it
         * @description For a signed-in person, not an API key. The person becomes its Owner.
         *
         *     Any authenticated caller.
         */
        post: operations["postOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspaces the signed-in person belongs to
         * @description For a signed-in person, not an API key.
         *
         *     Any authenticated caller.
         */
        get: operations["getOnboardingWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipeline-stages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the stages of every pipeline
         * @description Company pipelines first, then deal pipelines; within an object by position (new pipelines go last), within a pipeline by stage position. A new workspace starts with a default company and a default deal pipeline.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getPipelineStages"];
        put?: never;
        /**
         * Add a stage at the end of a pipeline
         * @description kind open, lost or account in a company pipeline (lost: a disqualified lead; account: a customer); open, won or lost in a deal pipeline. won in a company pipeline and account in a deal pipeline have no meaning (400). A won stage starts with probability 100, a lost one with 0.
         *
         *     Workspace admins only.
         */
        post: operations["postPipelineStages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipeline-stages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a stage, moving its companies to another stage
         * @description When companies (also ones in the recycle bin) or deals are in the stage, move_to must name another stage of the same pipeline (409 stage_in_use without it); they move there (deals close or reopen as its kind says), and the stage is deleted once it is empty. The last stage of a pipeline, and the last won or lost stage of a deal pipeline, cannot be deleted (409 stage_required). The records are rewritten in transactions of up to 50, each with its events; a request interrupted part-way leaves the ones rewritten so far (the stage unchanged until the last step), and sending it again finishes it (with an Idempotency-Key it resumes: docs/idempotency.md).
         *
         *     Workspace admins only. Agent keys cannot call it.
         */
        delete: operations["deletePipelineStagesById"];
        options?: never;
        head?: never;
        /**
         * Rename a stage, change its kind or probability
         * @description Changing the kind to or from account makes the companies in the stage accounts or leads. A deal pipeline keeps at least one won and one lost stage (409 stage_required). Kinds as for POST /pipeline-stages. probability is for every stage (a company stage’s is shown, not used in any total); a stage becoming won or lost takes 100 or 0 unless probability is given too. The records are rewritten in transactions of up to 50, each with its events; a request interrupted part-way leaves the ones rewritten so far (the stage unchanged until the last step), and sending it again finishes it (with an Idempotency-Key it resumes: docs/idempotency.md).
         *
         *     Workspace admins only.
         */
        patch: operations["patchPipelineStagesById"];
        trace?: never;
    };
    "/pipelines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pipelines with their stages and company counts
         * @description Company pipelines first, then deal pipelines; within an object by position (new pipelines go last), within a pipeline by stage position.
         *
         *     Workspace admins only.
         */
        get: operations["getPipelines"];
        put?: never;
        /**
         * Add a pipeline with its stages
         * @description Stages are created in the order given. Without stages, the pipeline starts with the stages of the default pipeline of a new workspace for its object. Kinds: open, lost or account in a company pipeline, open, won or lost in a deal pipeline (400 otherwise); a deal pipeline needs a won and a lost stage. probability defaults to 100 for a won stage, 0 for a lost one, else null. Names are unique, ignoring case: pipelines per object (409 name_taken), stages within the pipeline (400).
         *
         *     Workspace admins only.
         */
        post: operations["postPipelines"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pipelines/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a pipeline and its stages
         * @description Refused with 409 pipeline_is_default for the default pipeline of its object, and pipeline_in_use while any company (also one in the recycle bin) or any deal is in one of its stages.
         *
         *     Workspace admins only. Agent keys cannot call it.
         */
        delete: operations["deletePipelinesById"];
        options?: never;
        head?: never;
        /**
         * Rename a pipeline, make it the default or reorder its stages
         * @description is_default accepts only true: the pipeline becomes the default of its object and the previous default stops being it. stage_order must list every stage id of the pipeline exactly once.
         *
         *     Workspace admins only.
         */
        patch: operations["patchPipelinesById"];
        trace?: never;
    };
    "/public/billing/simulator/checkout/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted checkout of the simulated payment provider
         * @description The page POST /billing/checkout links to when the simulated provider runs (PAYMENT_PROVIDER=simulated): the Standard plan, its price per seat and a card form.
         *
         *     No token needed.
         */
        get: operations["getPublicBillingSimulatorCheckoutBySessionId"];
        put?: never;
        /**
         * Pay on the simulated hosted checkout
         * @description The checkout form, posted as application/x-www-form-urlencoded (card_number, cardholder_name). Card 4000 0000 0000 0002 is declined. Paying creates the subscription and sends billing its signed webhooks; the page then links back to the app.
         *
         *     No token needed.
         */
        post: operations["postPublicBillingSimulatorCheckoutBySessionId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/billing/simulator/portal/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customer portal of the simulated payment provider
         * @description The page POST /billing/portal links to when the simulated provider runs (PAYMENT_PROVIDER=simulated): the subscription, its invoices, and forms to cancel, resume or change the billing interval.
         *
         *     No token needed.
         */
        get: operations["getPublicBillingSimulatorPortalBySessionId"];
        put?: never;
        /**
         * Change the subscription in the simulated portal
         * @description A portal form, posted as application/x-www-form-urlencoded: action (cancel_at_period_end, resume, cancel_now or switch_interval) and, to switch, interval (month or year). The provider sends billing the matching signed webhook.
         *
         *     No token needed.
         */
        post: operations["postPublicBillingSimulatorPortalBySessionId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/billing/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive the payment provider's webhook
         * @description Where the payment provider (Stripe, or the simulated provider when PAYMENT_PROVIDER=simulated) sends subscription and invoice events. No bearer token: the `Stripe-Signature` header, an HMAC of the exact body with the endpoint's signing secret and a timestamp, is the credential. A wrong signature, or a timestamp outside the tolerance (a replayed event), answers 400; an event already handled answers 200 with `duplicate: true` and changes nothing.
         *
         *     No token needed.
         */
        post: operations["postPublicBillingWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/email-verifications/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an email verification link is for, while it can be used
         * @description No token needed.
         */
        get: operations["getPublicEmailVerificationsByToken"];
        put?: never;
        /**
         * Verify an email address with a mailed link
         * @description The link works once, for 24 hours, and only the latest one sent works. Unknown, used, replaced and expired links answer 404.
         *
         *     No token needed.
         */
        post: operations["postPublicEmailVerificationsByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file's bytes (signed URL)
         * @description The url of GET /documents/{id}/download: the bytes with their content type, as an attachment (Content-Disposition with an RFC 6266 filename*). No bearer token; a URL that is altered, expired or not for this document, or whose document was deleted, answers 403.
         *
         *     No token needed.
         */
        get: operations["getPublicFilesById"];
        /**
         * Upload a file's bytes (signed URL)
         * @description The upload_url of POST /documents: exactly size_bytes bytes, with the Content-Type and Content-Length the document declared; no bearer token (the URL is the capability). A URL that is altered, expired, already used for a completed document, or not for this document answers 403 without saying which.
         *
         *     No token needed.
         */
        put: operations["putPublicFilesById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/files/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a workspace export (signed URL)
         * @description The url of POST /export: the ZIP, as an attachment named by file_name, for 10 minutes. No bearer token (the URL is the capability); a URL that is altered, expired or whose export was removed answers 403.
         *
         *     No token needed.
         */
        get: operations["getPublicFilesExportsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/forms/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a web form (public)
         * @description A web form's action_url: no token. Accepts application/x-www-form-urlencoded (the embedded HTML form) and JSON (a site's own script, from any origin: CORS).
         *
         *     Refused when the form is disabled (409 web_form_disabled) or consent is required and not given (400); email is required and checked; at most FORM_SUBMISSIONS_PER_ADDRESS submissions per email address and form per window (429).
         *
         *     A filled honeypot (website) is answered like a good submission and dropped. A good one is kept at once and becomes a lead shortly after (company and contact created or matched in crm-core, campaign credited, a form touchpoint, the owner notified), even if crm-core is briefly down.
         *
         *     A browser posting the form is sent to redirect_url (303) or shown a short thank-you page; JSON callers get this body.
         *
         *     No token needed.
         */
        post: operations["postPublicFormsByKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/calendar/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the provider returns a member after sign-in
         * @description Reached without a token: the signed state names the workspace and member, and the crm_calendar_flow cookie set by connect shows it is the browser that asked. Exchanges the code for tokens, stores them encrypted and answers the connection; the cookie is cleared. An invalid, expired or used state, or a browser without the flow's cookie, is 400 calendar_state_invalid; a refusal at the provider 400 calendar_access_denied.
         *
         *     No token needed.
         */
        get: operations["getPublicIntegrationsCalendarByProviderCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a mailed invitation link is, while it is open
         * @description No token needed.
         */
        get: operations["getPublicInvitationsByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/password-resets/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a password change link is for, while it can be used
         * @description No token needed.
         */
        get: operations["getPublicPasswordResetsByToken"];
        put?: never;
        /**
         * Set a new password with a mailed link
         * @description The link works once. Every session of the person is revoked with the change (whoever learnt the old password is signed out too), unless `sign_out_other_sessions` is false.
         *
         *     No token needed.
         */
        post: operations["postPublicPasswordResetsByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the records the caller visited lately
         * @description Newest first, each record once, at most 50. Per member (an API key's are its creator's). Records in the recycle bin or erased are left out.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getRecent"];
        put?: never;
        /**
         * Note that the caller visited a record
         * @description A record visited again moves to the top; the list keeps the newest 50. The id must be a company or contact of the workspace that is not in the recycle bin.
         *
         *     Needs the `companies:read` permission.
         */
        post: operations["postRecent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The report catalogue
         * @description For each of the seven objects: group-by fields (with the workspace's custom fields), date fields with their units, and measures.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getReportsFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/marketing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Marketing performance with attribution
         * @description Deals created in the period are attributed over the touchpoints of their contact and company and their campaign links before the deal was created: first touch, last touch or linear (equal shares, which add up to the deal's value to the cent). Amounts not in the workspace currency are in other_currency.
         *
         *     Needs the `companies:read` permission, the standard plan.
         */
        get: operations["getReportsMarketing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Companies per stage of the default company pipeline
         * @description In pipeline order, then a row with stage_id null for companies without a stage.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getReportsPipeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The records behind one row of a report
         * @description keys as returned in the row (null for not set); newest first, up to 100, with the total. Touchpoints and spend need the Standard plan (403 plan_required).
         *
         *     Needs the `companies:read` permission.
         */
        post: operations["postReportsRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a report
         * @description An unknown field, measure or unit is 400 naming it. Date buckets are days in the workspace time zone. Touchpoints and spend need the Standard plan (403 plan_required).
         *
         *     Needs the `companies:read` permission.
         */
        post: operations["postReportsRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sales performance
         * @description For deals closed (won or lost) in the period, or created in it for the funnel; owner narrows every figure to one member (me for the caller). The forecast is of the deals open now.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getReportsSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/saved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's saved reports and the shared ones
         * @description Needs the `companies:read` permission.
         */
        get: operations["getReportsSaved"];
        put?: never;
        /**
         * Save a report
         * @description The definition is checked like a run and stored with its defaults filled in; shared needs a workspace admin (403 otherwise).
         *
         *     Needs the `companies:read` permission.
         */
        post: operations["postReportsSaved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/saved/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a saved report
         * @description A private report: its creator; a shared one: a workspace admin (403 otherwise). Its pins go with it.
         *
         *     Needs the `companies:read` permission. Agent keys cannot call it.
         */
        delete: operations["deleteReportsSavedById"];
        options?: never;
        head?: never;
        /**
         * Change a saved report
         * @description A private report: its creator. A shared one: a workspace admin, by the caller's own role (an API key's role, not its creator's). Sharing needs an admin too (403 otherwise).
         *
         *     Needs the `companies:read` permission.
         */
        patch: operations["patchReportsSavedById"];
        trace?: never;
    };
    "/reports/saved/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Pin a saved report to the caller's Home page
         * @description Idempotent: pinning a pinned report changes nothing.
         *
         *     Needs the `companies:read` permission.
         */
        put: operations["putReportsSavedByIdPin"];
        post?: never;
        /**
         * Take a saved report off the caller's Home page
         * @description Idempotent: a report that is not pinned stays so.
         *
         *     Needs the `companies:read` permission. Agent keys cannot call it.
         */
        delete: operations["deleteReportsSavedByIdPin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/saved/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a saved report
         * @description The run result and the name. A field the report names that was archived or deleted since is 409 report_field_unavailable; a report over touchpoints or spend needs the Standard plan (403 plan_required).
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getReportsSavedByIdRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Summary of companies, deals and tasks
         * @description by_stage over pipeline_id (default: the default company pipeline); with pipeline_id, every company figure counts that pipeline's companies only. added_by_month has exactly 12 entries, the current month (workspace time zone) last.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getReportsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles of the workspace and the permission names
         * @description Built-in roles first, then custom roles by name.
         *
         *     Workspace admins only. Also needs the `users:manage` permission.
         */
        get: operations["getRoles"];
        put?: never;
        /**
         * Create a custom role
         * @description Workspace admins only. Also needs the `users:manage` permission.
         */
        post: operations["postRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an unused custom role
         * @description A role given to a member, an invitation or an API key cannot be deleted (409 `role_in_use`).
         *
         *     Workspace admins only. Also needs the `users:manage` permission. Agent keys cannot call it.
         */
        delete: operations["deleteRolesById"];
        options?: never;
        head?: never;
        /**
         * Rename a custom role or change its permissions
         * @description Built-in roles are fixed (409 `role_is_system`). Holders get the new permissions on their next request.
         *
         *     Workspace admins only. Also needs the `users:manage` permission.
         */
        patch: operations["patchRolesById"];
        trace?: never;
    };
    "/saved-views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's saved views and the shared ones
         * @description Oldest first.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getSavedViews"];
        put?: never;
        /**
         * Save a view of a list
         * @description A shared view needs a workspace admin.
         *
         *     Needs the `companies:read` permission.
         */
        post: operations["postSavedViews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saved-views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a saved view
         * @description A private view: its creator; a shared one: a workspace admin (403 otherwise).
         *
         *     Needs the `companies:read` permission. Agent keys cannot call it.
         */
        delete: operations["deleteSavedViewsById"];
        options?: never;
        head?: never;
        /**
         * Rename a saved view, change its filters or share it
         * @description A private view: its creator. A shared one: a workspace admin, by the caller's own role (an API key's role, not its creator's). Sharing needs an admin too (403 otherwise).
         *
         *     Needs the `companies:read` permission.
         */
        patch: operations["patchSavedViewsById"];
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find companies and contacts
         * @description Companies and contacts of the workspace whose name, email, domain, account number, postcode or phone match q, best first, at most 20. Every word of q must be a word of the record, the last one may be the start of a word (as the caller types; any case, accents ignored); words of 5 letters or more may carry a typo (two from 9), digits never. Records whose words equal q come first, then those that start with it, then typo matches. Records in the recycle bin, purged or erased are never found. A record is findable within about a second of its change.
         *
         *     Needs the `companies:read` permission.
         */
        get: operations["getSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tasks, due soonest first
         * @description Due soonest first (tasks without due_at last, then by id), with opaque cursors. assignee: me (default; for an API key its creator), any, or a member id. target_type and target_id narrow to one record (an id of another workspace matches nothing).
         *
         *     Needs the `tasks:read` permission.
         */
        get: operations["getTasks"];
        put?: never;
        /**
         * Create a task
         * @description assignee_id defaults to the caller (for an API key, the member who created it); null leaves the task unassigned. The assignee must be an active member; the target (target_type with target_id) a company or contact outside the recycle bin, or a deal, of the workspace. remind_at schedules a reminder notification to the assignee (or the creator when nobody is assigned). Assigning someone else notifies them.
         *
         *     Needs the `tasks:write` permission.
         */
        post: operations["postTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a task
         * @description Absent fields stay, null clears. status done sets completed_at (and records the task on its target’s timeline); open or cancelled clears it. A new remind_at reschedules the reminder; done, cancelled or remind_at null cancels it. A new assignee is notified.
         *
         *     Needs the `tasks:write` permission.
         */
        patch: operations["patchTasksById"];
        trace?: never;
    };
    "/touchpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List touchpoints
         * @description Newest first (occurred_at), offset paging with total. Filters combine.
         *
         *     Needs the `companies:read` permission, the standard plan.
         */
        get: operations["getTouchpoints"];
        put?: never;
        /**
         * Record touchpoints
         * @description Up to 500 items, all validated before any is written (a refusal names touchpoints.<i>.<field>). Each names exactly one of contact_id, email (the workspace's contact with that email, any case) or company_id. Items whose contact or company is not found (or is in the recycle bin) are skipped and listed by position in unmatched. An external_ref is recorded once per campaign, also between concurrent requests: a repeat is counted in duplicates.
         *
         *     Needs the `companies:write` permission, the standard plan.
         */
        post: operations["postTouchpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/web-forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List web forms
         * @description Oldest first.
         *
         *     Workspace admins only.
         */
        get: operations["getWebForms"];
        put?: never;
        /**
         * Create a web form
         * @description Workspace admins only.
         */
        post: operations["postWebForms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/web-forms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a web form
         * @description Absent fields are unchanged, null clears. enabled false disables it.
         *
         *     Workspace admins only.
         */
        patch: operations["patchWebFormsById"];
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's webhook endpoints
         * @description Oldest first. Secrets are never shown again.
         *
         *     Workspace admins only.
         */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Answers the signing secret once. The address must be https and resolve to a public address (private, loopback, link-local and metadata addresses are refused, here and again at each connection). A workspace has at most 20 endpoints (409 `webhook_limit_reached`).
         *
         *     Workspace admins only.
         */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Pending deliveries to it are dropped.
         *
         *     Workspace admins only. Agent keys cannot call it.
         */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint or rotate its secret
         * @description `rotate_secret: true` makes a new secret, answered once; the previous one keeps signing for 24 hours beside it (two `v1,` signatures), so a receiver can switch without missing a delivery. Enabling a disabled endpoint clears `disabled_reason`.
         *
         *     Workspace admins only.
         */
        patch: operations["patchWebhooksById"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries, newest first
         * @description Kept 30 days.
         *
         *     Workspace admins only.
         */
        get: operations["getWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again now
         * @description Tries the delivery again at once with the same webhook-id (a pending one moves to now), and retries it for another window if that fails. A disabled endpoint answers 409 `webhook_disabled`: enable it first.
         *
         *     Workspace admins only.
         */
        post: operations["postWebhooksByIdDeliveriesByDeliveryIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description Delivers a `webhook.test` event (`data.webhook_id`) signed like any other, also to a disabled endpoint; follow it in the endpoint's deliveries.
         *
         *     Workspace admins only.
         */
        post: operations["postWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace and its settings
         * @description Workspace admins only.
         */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename the workspace or change its settings
         * @description Absent fields are unchanged. The currency is upper-cased; the time zone must be an IANA zone.
         *
         *     Workspace admins only.
         */
        patch: operations["patchWorkspace"];
        trace?: never;
    };
}
export interface webhooks {
    "billing.subscription.complimentary_ended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * billing.subscription.complimentary_ended
         * @description The complimentary Standard period passed without a subscription in place: the workspace is on the Free plan.
         */
        post: operations["event_billing_subscription_complimentary_ended"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "billing.subscription.ended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * billing.subscription.ended
         * @description The subscription ended (cancelled, or unpaid after the provider gave up); the workspace is on the Free plan, or stays on Standard until complimentary_until.
         */
        post: operations["event_billing_subscription_ended"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "billing.subscription.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * billing.subscription.started
         * @description A subscription to the Standard plan is in place (checkout completed): paying, or due to start when the complimentary period ends.
         */
        post: operations["event_billing_subscription_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "billing.subscription.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * billing.subscription.updated
         * @description The subscription changed at the payment provider (renewal, interval, seats, a failed payment, cancellation scheduled or withdrawn).
         */
        post: operations["event_billing_subscription_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.activity.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.activity.created
         * @description A client added a note or logged a call on the timeline of a company, contact or deal.
         */
        post: operations["event_crm_activity_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.activity.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.activity.deleted
         * @description A timeline entry was deleted because its record was deleted for good (a company or contact purged from the recycle bin, a deal deleted); the payload is its last state. Not audited: the purge or deletion has its own audit entry.
         */
        post: operations["event_crm_activity_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.activity.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.activity.recorded
         * @description crm-core wrote a timeline entry for something that happened to a record: a system entry (stage or owner changed, deal won or lost, merged, file added), a task entry (a task was done) or a meeting entry. Not audited: what it records has its own audit entry.
         */
        post: operations["event_crm_activity_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.activity.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.activity.updated
         * @description A timeline entry changed: it moved to another record because its record was merged into that one (target_id among fields), or a meeting entry follows its meeting. Not audited: the merge or the meeting change has its own audit entry.
         */
        post: operations["event_crm_activity_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.company.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.company.created
         * @description A company was created.
         */
        post: operations["event_crm_company_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.company.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.company.deleted
         * @description A company went to the recycle bin (deleted_at set): by DELETE, by a bulk delete, or as a source of a merge (merged_into_id set). It is purged after 30 days there.
         */
        post: operations["event_crm_company_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.company.merged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.company.merged
         * @description Companies (source_ids, now in the recycle bin) were merged into this one, the survivor; their contacts moved here in the same change. Services holding records of the sources (timeline, tasks, deals, meetings, documents, touchpoints) move them to company_id.
         */
        post: operations["event_crm_company_merged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.company.purged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.company.purged
         * @description A company was deleted for good after 30 days in the recycle bin; the payload is its last state. Its contacts stay, without a company (each gets crm.contact.updated); services holding records of it delete or detach them.
         */
        post: operations["event_crm_company_purged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.company.restored": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.company.restored
         * @description A company came back from the recycle bin (bulk restore).
         */
        post: operations["event_crm_company_restored"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.company.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.company.updated
         * @description A company was changed: by PATCH, or by a bulk move_stage or reassign.
         */
        post: operations["event_crm_company_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.created
         * @description A contact was created.
         */
        post: operations["event_crm_contact_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.deleted
         * @description A contact went to the recycle bin (deleted_at set): by DELETE, or as a source of a merge (merged_into_id set).
         */
        post: operations["event_crm_contact_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.erased": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.erased
         * @description A contact's personal data was erased for good (POST /contacts/{id}/erase). Only ids: every service holding a copy of the person (search index, read models, touchpoints, files, audit entries, outbox rows) removes it. The contact stays as an erased contact, so projections treat this as the end of the record.
         */
        post: operations["event_crm_contact_erased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.merged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.merged
         * @description Contacts (source_ids, now in the recycle bin) were merged into this one, the survivor. Services holding records of the sources (timeline, tasks, deals, meetings, documents, touchpoints) move them to contact_id.
         */
        post: operations["event_crm_contact_merged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.purged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.purged
         * @description A contact was deleted for good after 30 days in the recycle bin; the payload is its last state. Services holding records of it delete or detach them.
         */
        post: operations["event_crm_contact_purged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.restored": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.restored
         * @description A contact came back from the recycle bin.
         */
        post: operations["event_crm_contact_restored"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.contact.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.contact.updated
         * @description A contact was changed: by PATCH, or because a contact it reported to was merged into another (reports_to_id moved) or purged (reports_to_id cleared).
         */
        post: operations["event_crm_contact_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.custom_field.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.custom_field.created
         * @description A custom field was defined on companies, contacts or deals.
         */
        post: operations["event_crm_custom_field_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.custom_field.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.custom_field.updated
         * @description A custom field was relabelled, reordered, archived or given other options.
         */
        post: operations["event_crm_custom_field_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.deal.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.deal.created
         * @description A deal was created.
         */
        post: operations["event_crm_deal_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.deal.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.deal.deleted
         * @description A deal was deleted for good (deals have no recycle bin); the payload is its last state with the next version.
         */
        post: operations["event_crm_deal_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.deal.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.deal.updated
         * @description A deal was changed: by PATCH (a move to a won or lost stage closes it: status and closed_at are among fields; a move back to an open stage reopens it), by the deletion of its stage (moved to move_to), or because its company or contact was merged into another (company_id or contact_id moved) or purged (cleared).
         */
        post: operations["event_crm_deal_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.duplicate_group.dismissed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.duplicate_group.dismissed
         * @description A group of likely duplicates was dismissed: it is not suggested again until its membership changes.
         */
        post: operations["event_crm_duplicate_group_dismissed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.lead_source.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.lead_source.created
         * @description An admin added a lead source.
         */
        post: operations["event_crm_lead_source_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.lead_source.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.lead_source.deleted
         * @description An admin deleted a lead source no company used.
         */
        post: operations["event_crm_lead_source_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.lead_source.seeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.lead_source.seeded
         * @description A lead source of the catalogue a new workspace starts with.
         */
        post: operations["event_crm_lead_source_seeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.lead_source.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.lead_source.updated
         * @description A lead source changed; the payload is its new state.
         */
        post: operations["event_crm_lead_source_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.meeting.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.meeting.created
         * @description A meeting was created (POST /meetings).
         */
        post: operations["event_crm_meeting_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.meeting.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.meeting.deleted
         * @description A meeting was deleted for good; the payload is its last state with the next version. Version 1 of the API has no operation that deletes a meeting (a cancelled one stays, and a purge of its company detaches it), so consumers treat this as the end of the record whenever a later slice publishes it.
         */
        post: operations["event_crm_meeting_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.meeting.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.meeting.updated
         * @description A meeting was changed: by PATCH (status done with an outcome records how it went), by the calendar sync (join_url, external_provider, sync_error), or because its company or a contact attending it was merged into another (company_id or attendees moved) or purged (company_id cleared, the contact's attendance removed).
         */
        post: operations["event_crm_meeting_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline_stage.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline_stage.created
         * @description An admin added a pipeline stage.
         */
        post: operations["event_crm_pipeline_stage_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline_stage.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline_stage.deleted
         * @description An admin deleted a stage. When companies or deals were in it they moved to `moved_to` (a stage of the same pipeline) before it was deleted, each announced by its own crm.company.updated or crm.deal.updated (in steps of up to 200 records, each a transaction).
         */
        post: operations["event_crm_pipeline_stage_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline_stage.seeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline_stage.seeded
         * @description A pipeline stage of the catalogue a new workspace starts with.
         */
        post: operations["event_crm_pipeline_stage_seeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline_stage.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline_stage.updated
         * @description A pipeline stage changed; the payload is its new state.
         */
        post: operations["event_crm_pipeline_stage_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline.created
         * @description An admin added a pipeline.
         */
        post: operations["event_crm_pipeline_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline.deleted
         * @description An admin deleted a pipeline no company used (its stages are deleted with it, each with its own event).
         */
        post: operations["event_crm_pipeline_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline.seeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline.seeded
         * @description A pipeline of the catalogue a new workspace starts with.
         */
        post: operations["event_crm_pipeline_seeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.pipeline.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.pipeline.updated
         * @description A pipeline changed; the payload is its new state.
         */
        post: operations["event_crm_pipeline_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.saved_view.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.saved_view.created
         * @description A saved view of the company, contact or deal list was created.
         */
        post: operations["event_crm_saved_view_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.saved_view.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.saved_view.deleted
         * @description A saved view was deleted; the payload is its last state.
         */
        post: operations["event_crm_saved_view_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.saved_view.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.saved_view.updated
         * @description A saved view was renamed, given other filters, shared or unshared.
         */
        post: operations["event_crm_saved_view_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.task.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.task.created
         * @description A task was created; when it has an assignee other than the person who created it, identity notifies them (task_assigned).
         */
        post: operations["event_crm_task_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.task.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.task.deleted
         * @description A task was deleted because its target was deleted for good (a company or contact purged from the recycle bin, a deal deleted); the payload is its last state.
         */
        post: operations["event_crm_task_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.task.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.task.updated
         * @description A task was changed: by PATCH (status done sets completed_at, reopening clears it; a new assignee is notified, task_assigned), or because its target was merged into another record (target_id moved).
         */
        post: operations["event_crm_task_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "documents.document.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * documents.document.completed
         * @description The bytes of a document arrived and it was completed (status ready): the file now appears on its record.
         */
        post: operations["event_documents_document_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "documents.document.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * documents.document.created
         * @description A document was created (status pending) and its upload URL handed out; the bytes are not there yet.
         */
        post: operations["event_documents_document_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "documents.document.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * documents.document.deleted
         * @description A document was deleted and its bytes removed from storage: by DELETE, because its record was purged or erased, or because its upload was never completed (reason). The payload is its last state with the next version.
         */
        post: operations["event_documents_document_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "documents.document.moved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * documents.document.moved
         * @description A document followed its record into the survivor of a merge (target_id changed from previous_target_id).
         */
        post: operations["event_documents_document_moved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.member.added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.member.added
         * @description A person became a member of the workspace.
         */
        post: operations["event_identity_member_added"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.member.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.member.updated
         * @description A member's role or status changed. Consumers compare role with previous_role and status with previous_status.
         */
        post: operations["event_identity_member_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.role.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.role.created
         * @description A custom role was created.
         */
        post: operations["event_identity_role_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.role.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.role.deleted
         * @description A custom role was deleted; the payload is its last state.
         */
        post: operations["event_identity_role_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.role.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.role.updated
         * @description A custom role was renamed or its permissions changed.
         */
        post: operations["event_identity_role_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.workspace.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.workspace.created
         * @description A person created a workspace (onboarding).
         */
        post: operations["event_identity_workspace_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "identity.workspace.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * identity.workspace.updated
         * @description An admin changed the workspace's name or settings.
         */
        post: operations["event_identity_workspace_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.campaign.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.campaign.created
         * @description A campaign was created.
         */
        post: operations["event_marketing_campaign_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.campaign.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.campaign.deleted
         * @description A campaign was deleted; the payload is its last state with the next version. Records it brought in keep their campaign_id, and reports attribute them by this last name.
         */
        post: operations["event_marketing_campaign_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.campaign.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.campaign.updated
         * @description A campaign was changed by PATCH (a rename shows on the companies and deals it is credited with).
         */
        post: operations["event_marketing_campaign_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.spend.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.spend.deleted
         * @description A spend line was deleted (DELETE /campaigns/{id}/spend/{spend_id}); the payload is its last state with the next version.
         */
        post: operations["event_marketing_spend_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.spend.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.spend.recorded
         * @description A spend line was added to a campaign (POST /campaigns/{id}/spend).
         */
        post: operations["event_marketing_spend_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.spend.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.spend.updated
         * @description A spend line was replaced by a line with the same external_ref in the same campaign.
         */
        post: operations["event_marketing_spend_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.touchpoint.moved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.touchpoint.moved
         * @description A touchpoint moved to another contact or company because its own was merged into that one (crm.contact.merged, crm.company.merged).
         */
        post: operations["event_marketing_touchpoint_moved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.touchpoint.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.touchpoint.recorded
         * @description A touchpoint was recorded for a contact or a company: by POST /touchpoints or by a web form submission (kind form).
         */
        post: operations["event_marketing_touchpoint_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.web_form.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.web_form.created
         * @description A web form was created.
         */
        post: operations["event_marketing_web_form_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.web_form.submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.web_form.submitted
         * @description A submission of the form was processed: the company and contact it created or matched, the campaign credited. Identity notifies the form's owner. The visitor's message is not carried (it is the touchpoint's note).
         */
        post: operations["event_marketing_web_form_submitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "marketing.web_form.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * marketing.web_form.updated
         * @description A web form was changed by PATCH (enabled false disables it).
         */
        post: operations["event_marketing_web_form_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reports.report_pin.pinned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reports.report_pin.pinned
         * @description A member pinned a saved report to their Home page (PUT /reports/saved/{id}/pin; pinning again changes nothing and publishes nothing).
         */
        post: operations["event_reports_report_pin_pinned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reports.report_pin.unpinned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reports.report_pin.unpinned
         * @description A member took a saved report off their Home page, or the report was deleted; the payload is the last state with the next version.
         */
        post: operations["event_reports_report_pin_unpinned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reports.saved_report.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reports.saved_report.created
         * @description A report definition was saved (POST /reports/saved).
         */
        post: operations["event_reports_saved_report_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reports.saved_report.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reports.saved_report.deleted
         * @description A saved report was deleted (its pins with it); the payload is its last state with the next version.
         */
        post: operations["event_reports_saved_report_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reports.saved_report.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reports.saved_report.updated
         * @description A saved report was renamed, given another definition, shared or unshared.
         */
        post: operations["event_reports_saved_report_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            error: {
                /**
                 * @description One of the codes of the error catalogue (docs/errors.md): programs switch on it.
                 * @enum {string}
                 */
                code: "validation_failed" | "calendar_not_connected" | "calendar_state_invalid" | "calendar_access_denied" | "unauthenticated" | "forbidden" | "plan_required" | "signup_disabled" | "email_unverified" | "not_found" | "method_not_allowed" | "request_timeout" | "precondition_failed" | "idempotency_key_reused" | "payload_too_large" | "file_too_large" | "unsupported_media_type" | "headers_too_large" | "rate_limited" | "internal" | "unavailable" | "conflict" | "email_taken" | "email_already_verified" | "last_owner" | "role_name_taken" | "role_is_system" | "role_in_use" | "already_member" | "invitation_pending" | "invitation_not_pending" | "invitation_email_mismatch" | "name_taken" | "pipeline_is_default" | "pipeline_in_use" | "stage_in_use" | "stage_required" | "lead_source_in_use" | "already_subscribed" | "no_billing_account" | "duplicate_group_changed" | "storage_quota_exceeded" | "upload_incomplete" | "document_not_ready" | "web_form_disabled" | "report_field_unavailable" | "contact_erased" | "seat_limit_reached" | "record_limit_reached" | "request_in_progress" | "idempotency_answer_erased" | "webhook_limit_reached" | "webhook_disabled";
                /** @description What went wrong, naming the field for validation errors. */
                message: string;
            };
        };
        /** User */
        User: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            avatar: string | null;
            email_notifications: boolean;
            /** @description The person followed the verification link mailed to `email`. Needed to accept an invitation while signed in; everything else works without it. */
            email_verified: boolean;
        };
        /** SignUpResult */
        SignUpResult: {
            /** @description The session token: `Authorization: Bearer <token>`. */
            token: string;
            /** Format: date-time */
            expires_at: string;
            user: components["schemas"]["User"];
        };
        /** SignUp */
        SignUp: {
            /** Format: email */
            email: string;
            /** Format: single-line */
            password: string;
            /** Format: single-line */
            name: string;
            /** Format: single-line */
            invitation_token?: string;
        };
        /** SignInResult */
        SignInResult: {
            /** @description The session token: `Authorization: Bearer <token>`. */
            token: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** SignIn */
        SignIn: {
            /** Format: email */
            email: string;
            /** Format: single-line */
            password: string;
        };
        /** WorkspaceSwitch */
        WorkspaceSwitch: {
            /** Format: uuid */
            organization_id: string;
        };
        /** OnboardingWorkspaceList */
        OnboardingWorkspaceList: {
            data: {
                name: string;
                /** Format: uuid */
                organization_id: string;
            }[];
        };
        /** OnboardingResult */
        OnboardingResult: {
            /** Format: uuid */
            workspace_id: string;
            slug: string;
            /** Format: uuid */
            organization_id: string;
        };
        /** OnboardingCreate */
        OnboardingCreate: {
            /** Format: single-line */
            workspace_name: string;
        };
        /** MeWorkspace */
        MeWorkspace: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            plan: string;
            /** Format: date-time */
            complimentary_until: string | null;
            billing_set_up: boolean;
        } | null;
        /** Me */
        Me: {
            user: components["schemas"]["User"];
            workspace: components["schemas"]["MeWorkspace"];
            permissions: string[];
            /** @enum {string} */
            actor_type: "user" | "agent" | "app";
            support: {
                staff_email: string;
                /** @enum {string} */
                mode: "read" | "full";
                /** Format: date-time */
                expires_at: string;
            } | null;
        };
        /** MeUpdate */
        MeUpdate: {
            /** Format: single-line */
            first_name?: string;
            /** Format: single-line */
            last_name?: string;
            avatar?: string | null;
            email_notifications?: boolean;
        };
        /** EmailLogging */
        EmailLogging: {
            enabled: boolean;
            /** Format: email */
            address: string | null;
        };
        /** WorkspaceSettings */
        WorkspaceSettings: {
            /** @description ISO 4217 code; default GBP. */
            currency: string;
            /** @enum {string} */
            date_format: "DD/MM/YYYY" | "MM/DD/YYYY" | "YYYY-MM-DD";
            /**
             * Format: single-line
             * @description An IANA time zone; default Europe/London.
             */
            timezone: string;
            /** Format: int32 */
            page_size: number;
        };
        /** Workspace */
        Workspace: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            plan: string;
            settings: components["schemas"]["WorkspaceSettings"];
        };
        /** WorkspaceUpdate */
        WorkspaceUpdate: {
            /** Format: single-line */
            name?: string;
            settings?: {
                /** @description ISO 4217 code; default GBP. */
                currency?: string;
                /** @enum {string} */
                date_format?: "DD/MM/YYYY" | "MM/DD/YYYY" | "YYYY-MM-DD";
                /**
                 * Format: single-line
                 * @description An IANA time zone; default Europe/London.
                 */
                timezone?: string;
                /** Format: int32 */
                page_size?: number;
            };
        };
        /** Member */
        Member: {
            /**
             * Format: uuid
             * @description The person's id: the one every field naming a person takes and answers (owner_id, assignee_id, organiser_id, user_ids, created_by, the owner filters) and GET /me shows as user.id.
             */
            id: string;
            name: string;
            email: string;
            avatar: string | null;
            role: string;
            /** @enum {string} */
            status: "active" | "disabled";
        };
        /** MemberList */
        MemberList: {
            data: components["schemas"]["Member"][];
        };
        /** MemberUpdate */
        MemberUpdate: {
            /** Format: uuid */
            role_id?: string;
            /** @enum {string} */
            status?: "active" | "disabled";
        };
        /** Role */
        Role: {
            /** Format: uuid */
            id: string;
            name: string;
            permissions: ("companies:read" | "companies:write" | "contacts:read" | "contacts:write" | "activities:write" | "tasks:read" | "tasks:write" | "settings:manage" | "users:manage" | "privacy:override")[];
            /** @description A built-in role: it cannot be changed or deleted. */
            is_system: boolean;
            /**
             * Format: int64
             * @description Members holding the role, active or disabled.
             */
            members: number;
        };
        /** RoleList */
        RoleList: {
            data: components["schemas"]["Role"][];
            permissions: ("companies:read" | "companies:write" | "contacts:read" | "contacts:write" | "activities:write" | "tasks:read" | "tasks:write" | "settings:manage" | "users:manage" | "privacy:override")[];
        };
        /** RoleCreate */
        RoleCreate: {
            /**
             * Format: single-line
             * @description Unique in the workspace whatever its case.
             */
            name: string;
            permissions: ("companies:read" | "companies:write" | "contacts:read" | "contacts:write" | "activities:write" | "tasks:read" | "tasks:write" | "settings:manage" | "users:manage" | "privacy:override")[];
        };
        /** RoleUpdate */
        RoleUpdate: {
            /**
             * Format: single-line
             * @description Unique in the workspace whatever its case.
             */
            name?: string;
            permissions?: ("companies:read" | "companies:write" | "contacts:read" | "contacts:write" | "activities:write" | "tasks:read" | "tasks:write" | "settings:manage" | "users:manage" | "privacy:override")[];
        };
        /** ApiKey */
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            kind: "agent" | "integration";
            /** @description Public part of the key, safe to show. */
            prefix: string;
            role: string;
            /** Format: uuid */
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        /** ApiKeyList */
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
        };
        /** ApiKeyCreated */
        ApiKeyCreated: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            kind: "agent" | "integration";
            /** @description Public part of the key, safe to show. */
            prefix: string;
            role: string;
            /** Format: uuid */
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** @description The secret, returned once only. */
            key: string;
        };
        /** ApiKeyCreate */
        ApiKeyCreate: {
            /** Format: single-line */
            name: string;
            /** @enum {string} */
            kind: "agent" | "integration";
            /**
             * Format: single-line
             * @description A role name of the workspace; default `Agent (read only)`.
             */
            role?: string;
            /** Format: int32 */
            expires_in_days?: number;
        };
        /** AuditEntry */
        AuditEntry: {
            /** @enum {string} */
            source: "admin" | "record";
            /** Format: date-time */
            at: string;
            action: string | null;
            object_type: string | null;
            object_id: string | null;
            object_name: string | null;
            actor_type: string;
            actor: string | null;
            summary: string | null;
        };
        /** AuditLogPage */
        AuditLogPage: {
            data: components["schemas"]["AuditEntry"][];
            /** Format: int64 */
            total: number;
            /** Format: date-time */
            next_before: string | null;
        };
        /** Notification */
        Notification: {
            /** Format: uuid */
            id: string;
            kind: string;
            title: string;
            body: string | null;
            link: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            read_at: string | null;
        };
        /** NotificationList */
        NotificationList: {
            data: components["schemas"]["Notification"][];
            /**
             * Format: int64
             * @description The caller’s unread notifications in this workspace.
             */
            unread: number;
        };
        /** UnreadNotifications */
        UnreadNotifications: {
            /**
             * Format: int64
             * @description The caller’s unread notifications in this workspace.
             */
            unread: number;
        };
        /** NotificationsRead */
        NotificationsRead: {
            ids?: string[];
        };
        /** Invitation */
        Invitation: {
            /** Format: uuid */
            id: string;
            email: string;
            role: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            /** Format: date-time */
            created_at: string;
        };
        /** InvitationList */
        InvitationList: {
            data: components["schemas"]["Invitation"][];
        };
        /** InvitationCreate */
        InvitationCreate: {
            /** Format: email */
            email: string;
            /** Format: uuid */
            role_id: string;
        };
        /** AcceptedInvitation */
        AcceptedInvitation: {
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            organization_id: string;
            role: string;
        };
        /** InvitationAcceptance */
        InvitationAcceptance: {
            token: string;
        };
        /** InvitationLink */
        InvitationLink: {
            workspace_name: string;
            email: string;
            role: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** PasswordChangeLink */
        PasswordChangeLink: {
            /**
             * Format: uri
             * @description One-time link to set a new password.
             */
            url: string;
        };
        /** PasswordResetLink */
        PasswordResetLink: {
            email: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** PasswordReset */
        PasswordReset: {
            /** Format: single-line */
            password: string;
            /** @description false keeps the person’s sessions signed in. Defaults to `true`. */
            sign_out_other_sessions?: boolean;
        };
        /** EmailVerificationSent */
        EmailVerificationSent: {
            /** @description Where the link was mailed: the account’s address. */
            email: string;
            /**
             * Format: date-time
             * @description Until when the link works.
             */
            expires_at: string;
        };
        /** EmailVerificationLink */
        EmailVerificationLink: {
            email: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** Company */
        Company: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uri */
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            /** Format: int32 */
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            /** Format: uuid */
            owner_id: string | null;
            /** Format: uuid */
            stage_id: string | null;
            /** Format: uuid */
            source_id: string | null;
            /** Format: uuid */
            campaign_id: string | null;
            /** Format: uuid */
            primary_contact_id: string | null;
            /** @description Free keys with scalar or null values; keys of defined custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom: {
                [key: string]: string | number | boolean | null;
            };
            /** @description True when the stage kind is account. */
            is_account: boolean;
            stage_name: string | null;
            owner_name: string | null;
            source_name: string | null;
            campaign_name: string | null;
            /** Format: uuid */
            pipeline_id: string | null;
            /**
             * Format: date-time
             * @description Set while in the recycle bin.
             */
            deleted_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** CompanyList */
        CompanyList: {
            data: components["schemas"]["Company"][];
            /** @description The `cursor` of the next page; null on the last page. */
            next_cursor: string | null;
            /** Format: int64 */
            total?: number;
        };
        /** CompanyCreate */
        CompanyCreate: {
            /** Format: single-line */
            name: string;
            /**
             * Format: uri
             * @description An http or https URL.
             */
            website?: string | null;
            /**
             * Format: single-line
             * @description Stored lower-cased; derived from website when not given.
             */
            domain?: string | null;
            /** Format: single-line */
            phone?: string | null;
            /** @description Optional line1, line2, city, region and postcode; no other keys. */
            address?: {
                /** Format: single-line */
                line1?: string;
                /** Format: single-line */
                line2?: string;
                /** Format: single-line */
                city?: string;
                /** Format: single-line */
                region?: string;
                /** Format: single-line */
                postcode?: string;
            };
            /** @description Two letters, stored upper-cased. */
            country_code?: string | null;
            /** Format: single-line */
            industry?: string | null;
            /** Format: single-line */
            turnover_band?: string | null;
            /** Format: int32 */
            employee_count?: number | null;
            /** Format: single-line */
            account_number?: string | null;
            /**
             * Format: single-line
             * @description Company registration number.
             */
            company_number?: string | null;
            /** @description Each 4 to 6 digits. */
            sic_codes?: string[];
            /** Format: text */
            description?: string | null;
            /**
             * Format: uuid
             * @description A member of the workspace.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A stage of a company pipeline; defaults to the first stage of the default company pipeline.
             */
            stage_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source of the workspace.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description A campaign of the workspace.
             */
            campaign_id?: string | null;
            /**
             * Format: uuid
             * @description A contact of the workspace, of this company or of none.
             */
            primary_contact_id?: string | null;
            /** @description Free keys with scalar or null values; keys of defined custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** CompanyCounts */
        CompanyCounts: {
            /** Format: int64 */
            all: number;
            /** Format: int64 */
            leads: number;
            /** Format: int64 */
            accounts: number;
            /** Format: int64 */
            mine: number;
            /** Format: int64 */
            unassigned: number;
            /** Format: int64 */
            deleted: number;
        };
        /** CompanyBulkResult */
        CompanyBulkResult: {
            /** Format: int64 */
            updated: number;
        };
        /** CompanyBulkAction */
        CompanyBulkAction: {
            ids: string[];
            /** @enum {string} */
            action: "move_stage" | "reassign" | "delete" | "restore";
            /**
             * Format: uuid
             * @description For move_stage: a stage of a company pipeline.
             */
            stage_id?: string;
            /**
             * Format: uuid
             * @description For reassign: a member, or null to clear.
             */
            owner_id?: string | null;
        };
        /** CompanyUpdate */
        CompanyUpdate: {
            /** Format: single-line */
            name?: string;
            /**
             * Format: uri
             * @description An http or https URL.
             */
            website?: string | null;
            /**
             * Format: single-line
             * @description Stored lower-cased; derived from website when not given.
             */
            domain?: string | null;
            /** Format: single-line */
            phone?: string | null;
            /** @description Optional line1, line2, city, region and postcode; no other keys. */
            address?: {
                /** Format: single-line */
                line1?: string;
                /** Format: single-line */
                line2?: string;
                /** Format: single-line */
                city?: string;
                /** Format: single-line */
                region?: string;
                /** Format: single-line */
                postcode?: string;
            };
            /** @description Two letters, stored upper-cased. */
            country_code?: string | null;
            /** Format: single-line */
            industry?: string | null;
            /** Format: single-line */
            turnover_band?: string | null;
            /** Format: int32 */
            employee_count?: number | null;
            /** Format: single-line */
            account_number?: string | null;
            /**
             * Format: single-line
             * @description Company registration number.
             */
            company_number?: string | null;
            /** @description Each 4 to 6 digits. */
            sic_codes?: string[];
            /** Format: text */
            description?: string | null;
            /**
             * Format: uuid
             * @description A member of the workspace.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A stage of a company pipeline; defaults to the first stage of the default company pipeline.
             */
            stage_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source of the workspace.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description A campaign of the workspace.
             */
            campaign_id?: string | null;
            /**
             * Format: uuid
             * @description A contact of the workspace, of this company or of none.
             */
            primary_contact_id?: string | null;
            /** @description Free keys with scalar or null values; keys of defined custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** CompanyMergeResult */
        CompanyMergeResult: {
            /** Format: int64 */
            merged: number;
        };
        /** CompanyMerge */
        CompanyMerge: {
            /** @description Companies of this workspace outside the recycle bin, not this one. */
            source_ids: string[];
        };
        /** Contact */
        Contact: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            company_id: string | null;
            /** Format: uuid */
            reports_to_id: string | null;
            /** Format: uuid */
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            /** @description As given; compared and searched lower-cased. */
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            /** @enum {string|null} */
            lawful_basis: "legitimate_interest" | "consent" | "contract" | null;
            /** @description Free keys with scalar values or null; a key that is a custom field of contacts is checked against its type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom: {
                [key: string]: string | number | boolean | null;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: date-time
             * @description Set while the contact is in the recycle bin.
             */
            deleted_at: string | null;
        };
        /** ContactList */
        ContactList: {
            data: components["schemas"]["Contact"][];
            /** @description The `cursor` of the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** ContactCreate */
        ContactCreate: {
            /**
             * Format: uuid
             * @description A company of the workspace, not in the recycle bin.
             */
            company_id?: string | null;
            /**
             * Format: uuid
             * @description Another contact of the workspace, not in the recycle bin, without a cycle.
             */
            reports_to_id?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace (their id in GET /members).
             */
            owner_id?: string | null;
            /** Format: single-line */
            first_name?: string | null;
            /** Format: single-line */
            last_name?: string | null;
            /** Format: email */
            email?: string | null;
            /** Format: single-line */
            phone?: string | null;
            /** Format: single-line */
            mobile?: string | null;
            /** Format: single-line */
            job_title?: string | null;
            /** @enum {string|null} */
            lawful_basis?: "legitimate_interest" | "consent" | "contract" | null;
            /** @description Free keys with scalar values or null; a key that is a custom field of contacts is checked against its type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** ContactUpdate */
        ContactUpdate: {
            /**
             * Format: uuid
             * @description A company of the workspace, not in the recycle bin.
             */
            company_id?: string | null;
            /**
             * Format: uuid
             * @description Another contact of the workspace, not in the recycle bin, without a cycle.
             */
            reports_to_id?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace (their id in GET /members).
             */
            owner_id?: string | null;
            /** Format: single-line */
            first_name?: string | null;
            /** Format: single-line */
            last_name?: string | null;
            /** Format: email */
            email?: string | null;
            /** Format: single-line */
            phone?: string | null;
            /** Format: single-line */
            mobile?: string | null;
            /** Format: single-line */
            job_title?: string | null;
            /** @enum {string|null} */
            lawful_basis?: "legitimate_interest" | "consent" | "contract" | null;
            /** @description Free keys with scalar values or null; a key that is a custom field of contacts is checked against its type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** ContactMergeResult */
        ContactMergeResult: {
            /** Format: int64 */
            merged: number;
        };
        /** ContactMerge */
        ContactMerge: {
            source_ids: string[];
        };
        /** CustomField */
        CustomField: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            object: "company" | "contact" | "deal";
            /** @description Derived from the label at creation; never changes. */
            key: string;
            label: string;
            /** @enum {string} */
            type: "text" | "number" | "date" | "select" | "checkbox" | "url";
            options: string[];
            /** Format: int64 */
            position: number;
            archived: boolean;
        };
        /** CustomFieldList */
        CustomFieldList: {
            data: components["schemas"]["CustomField"][];
        };
        /** CustomFieldCreate */
        CustomFieldCreate: {
            /** @enum {string} */
            object: "company" | "contact" | "deal";
            /** Format: single-line */
            label: string;
            /** @enum {string} */
            type: "text" | "number" | "date" | "select" | "checkbox" | "url";
            /** @description Only for type select. */
            options?: string[];
        };
        /** CustomFieldUpdate */
        CustomFieldUpdate: {
            /** Format: single-line */
            label?: string;
            /** @description Only for type select. */
            options?: string[];
            /** Format: int32 */
            position?: number;
            archived?: boolean;
        };
        /** SavedView */
        SavedView: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            object: "company" | "contact" | "deal";
            name: string;
            filters: {
                [key: string]: string;
            };
            shared: boolean;
            /** Format: uuid */
            owner_id: string;
            owner_name: string | null;
            /** @description The caller created it (a shared view is changed by admins only). */
            mine: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /** SavedViewList */
        SavedViewList: {
            data: components["schemas"]["SavedView"][];
        };
        /** SavedViewCreate */
        SavedViewCreate: {
            /** @enum {string} */
            object: "company" | "contact" | "deal";
            /** Format: single-line */
            name: string;
            /** @description Query parameters of the object's list (for example kind and owner), each a string of up to 500 characters. */
            filters: {
                [key: string]: string;
            };
            /** @description Defaults to `false`. */
            shared?: boolean;
        };
        /** SavedViewUpdate */
        SavedViewUpdate: {
            /** Format: single-line */
            name?: string;
            /** @description Query parameters of the object's list (for example kind and owner), each a string of up to 500 characters. */
            filters?: {
                [key: string]: string;
            };
            shared?: boolean;
        };
        /** SearchHit */
        SearchHit: {
            /** @enum {string} */
            type: "company" | "contact";
            /** Format: uuid */
            id: string;
            title: string;
            subtitle: string | null;
        };
        /** SearchHitList */
        SearchHitList: {
            data: components["schemas"]["SearchHit"][];
        };
        /** RecentView */
        RecentView: {
            /** @enum {string} */
            type: "company" | "contact";
            /** Format: uuid */
            id: string;
        };
        /** PipelineStage */
        PipelineStage: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            pipeline_id: string;
            name: string;
            /** Format: int64 */
            position: number;
            /** @enum {string} */
            kind: "open" | "won" | "lost" | "account";
            /** @enum {string} */
            object: "company" | "deal";
        };
        /** PipelineStageList */
        PipelineStageList: {
            data: components["schemas"]["PipelineStage"][];
        };
        /** LeadSource */
        LeadSource: {
            /** Format: uuid */
            id: string;
            name: string;
            channel: string;
        };
        /** LeadSourceList */
        LeadSourceList: {
            data: components["schemas"]["LeadSource"][];
        };
        /** PipelineStageAdmin */
        PipelineStageAdmin: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: int64 */
            position: number;
            /** @enum {string} */
            kind: "open" | "won" | "lost" | "account";
            /** Format: int32 */
            probability: number | null;
            /**
             * Format: int64
             * @description Companies in it, outside the recycle bin.
             */
            companies: number;
        };
        /** Pipeline */
        Pipeline: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            object: "company" | "deal";
            is_default: boolean;
            /** Format: int64 */
            position: number;
            /** @description In pipeline order. */
            stages: components["schemas"]["PipelineStageAdmin"][];
        };
        /** PipelineList */
        PipelineList: {
            data: components["schemas"]["Pipeline"][];
        };
        /** PipelineCreateStage */
        PipelineCreateStage: {
            /** Format: single-line */
            name: string;
            /**
             * @description Company pipelines: open (a lead), lost (a disqualified lead) or account (a customer). Deal pipelines: open, won or lost (closing the deal).
             * @enum {string}
             */
            kind?: "open" | "won" | "lost" | "account";
            /**
             * Format: int32
             * @description A deal stage: the probability of a deal in it that has none of its own. A company stage: how likely a lead in it is to become an account (shown, weighs nothing).
             */
            probability?: number | null;
        };
        /** PipelineCreate */
        PipelineCreate: {
            /** Format: single-line */
            name: string;
            /**
             * @description Defaults to `"company"`.
             * @enum {string}
             */
            object?: "company" | "deal";
            /** @description Defaults to `[]`. */
            stages?: components["schemas"]["PipelineCreateStage"][];
        };
        /** PipelineUpdate */
        PipelineUpdate: {
            /** Format: single-line */
            name?: string;
            /** @description Only the value true. */
            is_default?: boolean;
            stage_order?: string[];
        };
        /** PipelineStageCreate */
        PipelineStageCreate: {
            /** Format: uuid */
            pipeline_id: string;
            /** Format: single-line */
            name: string;
            /**
             * @description Company pipelines: open (a lead), lost (a disqualified lead) or account (a customer). Deal pipelines: open, won or lost (closing the deal).
             * @enum {string}
             */
            kind?: "open" | "won" | "lost" | "account";
        };
        /** PipelineStageUpdate */
        PipelineStageUpdate: {
            /** Format: single-line */
            name?: string;
            /**
             * @description Company pipelines: open (a lead), lost (a disqualified lead) or account (a customer). Deal pipelines: open, won or lost (closing the deal).
             * @enum {string}
             */
            kind?: "open" | "won" | "lost" | "account";
            /**
             * Format: int32
             * @description A deal stage: the probability of a deal in it that has none of its own. A company stage: how likely a lead in it is to become an account (shown, weighs nothing).
             */
            probability?: number | null;
        };
        /** LeadSourceAdmin */
        LeadSourceAdmin: {
            /** Format: uuid */
            id: string;
            name: string;
            channel: string;
            /**
             * Format: int64
             * @description Companies in it, outside the recycle bin.
             */
            companies: number;
        };
        /** LeadSourceCreate */
        LeadSourceCreate: {
            /** Format: single-line */
            name: string;
            /** @enum {string} */
            channel: "web" | "referral" | "event" | "outbound" | "social" | "email" | "phone" | "partner" | "ads" | "other";
        };
        /** LeadSourceUpdate */
        LeadSourceUpdate: {
            /** Format: single-line */
            name?: string;
            /** @enum {string} */
            channel?: "web" | "referral" | "event" | "outbound" | "social" | "email" | "phone" | "partner" | "ads" | "other";
        };
        /** Deal */
        Deal: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            company_id: string | null;
            company_name: string | null;
            /** Format: uuid */
            contact_id: string | null;
            contact_name: string | null;
            /** @description Major units, exact to the cent. */
            value: number;
            currency: string;
            /** Format: uuid */
            pipeline_id: string;
            /** Format: uuid */
            stage_id: string;
            stage_name: string;
            /** @enum {string} */
            stage_kind: "open" | "won" | "lost";
            /**
             * Format: int64
             * @description The deal's probability, or its stage's when the deal has none.
             */
            probability: number | null;
            /** Format: date */
            expected_close: string | null;
            /** @enum {string} */
            status: "open" | "won" | "lost";
            /**
             * Format: date-time
             * @description When it moved to a won or lost stage; null while open.
             */
            closed_at: string | null;
            lost_reason: string | null;
            /** Format: uuid */
            owner_id: string | null;
            owner_name: string | null;
            /** Format: uuid */
            source_id: string | null;
            /** Format: uuid */
            campaign_id: string | null;
            campaign_name: string | null;
            /** @description Free keys with scalar or null values; keys of defined deal custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom: {
                [key: string]: string | number | boolean | null;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** DealCurrencyTotals */
        DealCurrencyTotals: {
            currency: string;
            /** Format: int64 */
            count: number;
            value: number;
            weighted: number;
        };
        /** DealList */
        DealList: {
            data: components["schemas"]["Deal"][];
            /** Format: int64 */
            total: number;
            /** @description Sum of value over the filtered deals in the workspace currency. */
            value: number;
            /** @description Sum of weighted value over the same deals. */
            weighted: number;
            /** @description The workspace currency value and weighted are in. */
            currency: string;
            /** @description The filtered deals in other currencies, summed per currency, never converted. */
            other_currencies: components["schemas"]["DealCurrencyTotals"][];
        };
        /** DealCreate */
        DealCreate: {
            /** Format: single-line */
            name: string;
            /**
             * Format: uuid
             * @description A company of the workspace, not in the recycle bin.
             */
            company_id?: string | null;
            /**
             * Format: uuid
             * @description A contact of the workspace, not in the recycle bin.
             */
            contact_id?: string | null;
            /** @description Major units with at most two decimals (docs/money.md); default 0. */
            value?: number;
            /** @description Three letters (ISO 4217 style), stored upper-cased; defaults to the workspace currency. */
            currency?: string;
            /**
             * Format: uuid
             * @description A stage of a deal pipeline; defaults to the first stage of the default deal pipeline.
             */
            stage_id?: string;
            /**
             * Format: int32
             * @description null follows the stage's probability.
             */
            probability?: number | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, a real calendar day.
             */
            expected_close?: string | null;
            /** Format: text */
            lost_reason?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source of the workspace.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description A campaign of the workspace; defaults to the company's campaign.
             */
            campaign_id?: string | null;
            /** @description Free keys with scalar or null values; keys of defined deal custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** DealOpenTotals */
        DealOpenTotals: {
            /** Format: int64 */
            count: number;
            /** @description Major units, exact. */
            value: number;
            /** @description Sum of value × probability / 100, exact (up to four decimals). */
            weighted: number;
        };
        /** DealPeriodTotals */
        DealPeriodTotals: {
            /**
             * Format: date-time
             * @description Start of the period in the workspace time zone (as a UTC instant).
             */
            from: string;
            /**
             * Format: date-time
             * @description Start of the next period (exclusive).
             */
            to: string;
            won: {
                /** Format: int64 */
                count: number;
                value: number;
            };
            lost: {
                /** Format: int64 */
                count: number;
                value: number;
            };
        };
        /** DealStageForecast */
        DealStageForecast: {
            /** Format: uuid */
            stage_id: string;
            /** Format: uuid */
            pipeline_id: string;
            name: string;
            /** @enum {string} */
            kind: "open" | "won" | "lost";
            /** Format: int64 */
            probability: number | null;
            /** Format: int64 */
            count: number;
            value: number;
            weighted: number;
        };
        /** DealCurrencyForecast */
        DealCurrencyForecast: {
            currency: string;
            open: components["schemas"]["DealOpenTotals"];
            month: components["schemas"]["DealPeriodTotals"];
            quarter: components["schemas"]["DealPeriodTotals"];
        };
        /** DealForecast */
        DealForecast: {
            /** @description The workspace currency. */
            currency: string;
            /** @description The workspace time zone the periods are in. */
            timezone: string;
            open: components["schemas"]["DealOpenTotals"];
            month: components["schemas"]["DealPeriodTotals"];
            quarter: components["schemas"]["DealPeriodTotals"];
            stages: components["schemas"]["DealStageForecast"][];
            other_currencies: components["schemas"]["DealCurrencyForecast"][];
        };
        /** DealUpdate */
        DealUpdate: {
            /** Format: single-line */
            name?: string;
            /**
             * Format: uuid
             * @description A company of the workspace, not in the recycle bin.
             */
            company_id?: string | null;
            /**
             * Format: uuid
             * @description A contact of the workspace, not in the recycle bin.
             */
            contact_id?: string | null;
            /** @description Major units with at most two decimals (docs/money.md); default 0. */
            value?: number;
            /** @description Three letters (ISO 4217 style), stored upper-cased; defaults to the workspace currency. */
            currency?: string;
            /**
             * Format: uuid
             * @description A stage of a deal pipeline; defaults to the first stage of the default deal pipeline.
             */
            stage_id?: string;
            /**
             * Format: int32
             * @description null follows the stage's probability.
             */
            probability?: number | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, a real calendar day.
             */
            expected_close?: string | null;
            /** Format: text */
            lost_reason?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source of the workspace.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description A campaign of the workspace; defaults to the company's campaign.
             */
            campaign_id?: string | null;
            /** @description Free keys with scalar or null values; keys of defined deal custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** DuplicateGroup */
        DuplicateGroup: {
            /** @description Stable while the group has the same members; POST /duplicates/dismiss takes it. A member joining or leaving gives the group a new key. */
            key: string;
            /** @enum {string} */
            object: "company" | "contact";
            /**
             * @description same_domain (companies, domain without www.), same_name (companies: name ignoring case, punctuation, accents and legal suffixes such as Ltd, PLC, Inc, GmbH), same_email (contacts, any case), same_name_at_company (contacts: first and last name, compared the same way, at one company).
             * @enum {string}
             */
            reason: "same_domain" | "same_name" | "same_email" | "same_name_at_company";
            /** @description What the members share, as compared: the domain, the normalised name, the email, or the company id and the normalised name joined by "/". */
            value: string;
            /**
             * Format: int64
             * @description How many records the group has; records lists the oldest 50.
             */
            size: number;
            /** @description Companies or contacts (as object says), oldest first: the first is the natural one to merge into. */
            records: (components["schemas"]["Company"] | components["schemas"]["Contact"])[];
        };
        /** DuplicateGroupList */
        DuplicateGroupList: {
            data: components["schemas"]["DuplicateGroup"][];
        };
        /** DuplicateDismissal */
        DuplicateDismissal: {
            /** @enum {string} */
            object: "company" | "contact";
            /** @description The key of a group of GET /duplicates. */
            key: string;
        };
        /** MeetingAttendee */
        MeetingAttendee: {
            /** @enum {string} */
            type: "user" | "contact";
            /** Format: uuid */
            id: string;
            /** @description The member's or contact's name as it is now. */
            name: string | null;
            /** @description The member's or contact's email as it is now. */
            email: string | null;
        };
        /** Meeting */
        Meeting: {
            /** Format: uuid */
            id: string;
            title: string;
            location: string | null;
            notes: string | null;
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            /** Format: uuid */
            company_id: string | null;
            company_name: string | null;
            /**
             * Format: uuid
             * @description The member who created it; their connected calendar holds the event.
             */
            organiser_id: string;
            /** @enum {string} */
            status: "scheduled" | "done" | "cancelled";
            outcome: string | null;
            attendees: components["schemas"]["MeetingAttendee"][];
            online_meeting: boolean;
            /** @description The online meeting link, once synced to the organiser's calendar. */
            join_url: string | null;
            /**
             * @description The calendar the meeting is synced to.
             * @enum {string|null}
             */
            external_provider: "provider_a" | "provider_b" | null;
            /** @description Why the last sync to the calendar failed (after its retries); null once a sync succeeds. */
            sync_error: string | null;
        };
        /** MeetingList */
        MeetingList: {
            data: components["schemas"]["Meeting"][];
        };
        /** MeetingCreate */
        MeetingCreate: {
            /** Format: single-line */
            title: string;
            /** Format: single-line */
            location?: string | null;
            /** Format: text */
            notes?: string | null;
            /** Format: date-time */
            starts_at: string;
            /**
             * Format: date-time
             * @description After starts_at.
             */
            ends_at: string;
            /**
             * Format: uuid
             * @description A company of the workspace, not in the recycle bin.
             */
            company_id?: string | null;
            /**
             * @description Default scheduled; any status may follow any other.
             * @enum {string}
             */
            status?: "scheduled" | "done" | "cancelled";
            /**
             * Format: text
             * @description How it went; may be recorded with any status.
             */
            outcome?: string | null;
            /** @description Active members of the workspace who attend; replaces the attendees of that type on PATCH. */
            user_ids?: string[];
            /** @description Contacts of the workspace (not in the recycle bin) who attend; replaces the attendees of that type on PATCH. */
            contact_ids?: string[];
            /** @description true adds an online meeting link (join_url) from the organiser's connected calendar (Standard plan). */
            online_meeting?: boolean;
            /** @description true sends invitations to the attendees from the organiser's connected calendar (Standard plan). */
            send_invites?: boolean;
        };
        /** MeetingUpdate */
        MeetingUpdate: {
            /** Format: single-line */
            title?: string;
            /** Format: single-line */
            location?: string | null;
            /** Format: text */
            notes?: string | null;
            /** Format: date-time */
            starts_at?: string;
            /**
             * Format: date-time
             * @description After starts_at.
             */
            ends_at?: string;
            /**
             * Format: uuid
             * @description A company of the workspace, not in the recycle bin.
             */
            company_id?: string | null;
            /**
             * @description Default scheduled; any status may follow any other.
             * @enum {string}
             */
            status?: "scheduled" | "done" | "cancelled";
            /**
             * Format: text
             * @description How it went; may be recorded with any status.
             */
            outcome?: string | null;
            /** @description Active members of the workspace who attend; replaces the attendees of that type on PATCH. */
            user_ids?: string[];
            /** @description Contacts of the workspace (not in the recycle bin) who attend; replaces the attendees of that type on PATCH. */
            contact_ids?: string[];
            /** @description true adds an online meeting link (join_url) from the organiser's connected calendar (Standard plan). */
            online_meeting?: boolean;
            /** @description true sends invitations to the attendees from the organiser's connected calendar (Standard plan). */
            send_invites?: boolean;
        };
        /** CalendarConnection */
        CalendarConnection: {
            /** @enum {string} */
            provider: "provider_a" | "provider_b";
            /** @description The account signed in at the provider. */
            account_email: string | null;
            /** Format: date-time */
            connected_at: string;
            /**
             * @description connected; reconnect_required when the provider refused the stored tokens (connect again); paused while the workspace is on a plan without calendar sync (nothing is synced; the tokens are kept, so syncing resumes on Standard without connecting again).
             * @enum {string}
             */
            status: "connected" | "reconnect_required" | "paused";
        };
        /** CalendarIntegration */
        CalendarIntegration: {
            available: ("provider_a" | "provider_b")[];
            /** @description Calendar sync is part of the Standard plan. */
            included_in_plan: boolean;
            connections: components["schemas"]["CalendarConnection"][];
        };
        /** CalendarSignIn */
        CalendarSignIn: {
            /**
             * Format: uri
             * @description Open it to sign in at the provider.
             */
            url: string;
        };
        /** CalendarConnected */
        CalendarConnected: {
            /** @enum {string} */
            provider: "provider_a" | "provider_b";
            /** @description The account signed in at the provider. */
            account_email: string | null;
            /** Format: date-time */
            connected_at: string;
            /**
             * @description connected; reconnect_required when the provider refused the stored tokens (connect again); paused while the workspace is on a plan without calendar sync (nothing is synced; the tokens are kept, so syncing resumes on Standard without connecting again).
             * @enum {string}
             */
            status: "connected" | "reconnect_required" | "paused";
        };
        /** Activity */
        Activity: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "note" | "call" | "system" | "email" | "meeting" | "task" | "plugin";
            subject: string | null;
            body: string | null;
            outcome: string | null;
            /** @enum {string} */
            target_type: "company" | "contact" | "deal";
            /** Format: uuid */
            target_id: string;
            /** @enum {string} */
            actor_type: "user" | "agent" | "app" | "system";
            /** Format: uuid */
            actor_id: string | null;
            /** @description The person's name; the API key's name when a key wrote it; null for the system. */
            actor_label: string | null;
            /** Format: date-time */
            occurred_at: string;
        };
        /** ActivityList */
        ActivityList: {
            data: components["schemas"]["Activity"][];
            /** @description The `cursor` of the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** NoteCreate */
        NoteCreate: {
            /** @constant */
            type: "note";
            /** @enum {string} */
            target_type: "company" | "contact" | "deal";
            /**
             * Format: uuid
             * @description A company or contact outside the recycle bin, or a deal, of the workspace.
             */
            target_id: string;
            /** Format: single-line */
            subject?: string | null;
            /** Format: text */
            body: string;
        };
        /** CallCreate */
        CallCreate: {
            /** @constant */
            type: "call";
            /** @enum {string} */
            target_type: "company" | "contact" | "deal";
            /**
             * Format: uuid
             * @description A company or contact outside the recycle bin, or a deal, of the workspace.
             */
            target_id: string;
            /** @enum {string} */
            outcome: "connected" | "voicemail" | "no_answer" | "wrong_number" | "out_of_office" | "in_meeting";
            /** Format: text */
            body?: string | null;
            /**
             * Format: date-time
             * @description When the call took place; defaults to now.
             */
            occurred_at?: string;
        };
        /** ActivityCreate */
        ActivityCreate: components["schemas"]["NoteCreate"] | components["schemas"]["CallCreate"];
        /** Task */
        Task: {
            /** Format: uuid */
            id: string;
            title: string;
            notes: string | null;
            /** Format: date-time */
            due_at: string | null;
            /** Format: date-time */
            remind_at: string | null;
            /** @enum {string} */
            status: "open" | "done" | "cancelled";
            /** @enum {string|null} */
            target_type: "company" | "contact" | "deal" | null;
            /** Format: uuid */
            target_id: string | null;
            /** Format: uuid */
            assignee_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /**
             * Format: date-time
             * @description When it was marked done; null otherwise.
             */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** TaskList */
        TaskList: {
            data: components["schemas"]["Task"][];
            /** @description The `cursor` of the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** TaskCreate */
        TaskCreate: {
            /** Format: single-line */
            title: string;
            /** Format: text */
            notes?: string | null;
            /**
             * Format: date-time
             * @description When it is due.
             */
            due_at?: string | null;
            /**
             * Format: date-time
             * @description When to remind the assignee.
             */
            remind_at?: string | null;
            /** @enum {string|null} */
            target_type?: "company" | "contact" | "deal" | null;
            /** Format: uuid */
            target_id?: string | null;
            /** Format: uuid */
            assignee_id?: string | null;
        };
        /** TaskUpdate */
        TaskUpdate: {
            /** Format: single-line */
            title?: string;
            /** Format: text */
            notes?: string | null;
            /**
             * Format: date-time
             * @description When it is due.
             */
            due_at?: string | null;
            /**
             * Format: date-time
             * @description When to remind the assignee.
             */
            remind_at?: string | null;
            /** @enum {string} */
            status?: "open" | "done" | "cancelled";
            /** Format: uuid */
            assignee_id?: string | null;
        };
        /** ImportError */
        ImportError: {
            /**
             * Format: int64
             * @description Position of the row in rows, from 0.
             */
            index: number;
            /** @description The field at fault (`domain`, `contact.email`, `custom.tier`), or null when the row as a whole failed. */
            field: string | null;
            message: string;
        };
        /** ImportResult */
        ImportResult: {
            /**
             * Format: int64
             * @description Companies created.
             */
            created: number;
            /**
             * Format: int64
             * @description Existing companies changed (duplicates update, with something to change).
             */
            updated: number;
            /**
             * Format: int64
             * @description Rows whose company already existed and was left as it was.
             */
            skipped: number;
            /**
             * Format: int64
             * @description Contacts created or changed.
             */
            contacts: number;
            /** @description One per refused row (its first problem), in row order; a refused row writes nothing. */
            errors: components["schemas"]["ImportError"][];
            dry_run: boolean;
        };
        /** CompanyImportContact */
        CompanyImportContact: {
            /**
             * Format: uuid
             * @description Another contact of the workspace, not in the recycle bin, without a cycle.
             */
            reports_to_id?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace (their id in GET /members).
             */
            owner_id?: string | null;
            /** Format: single-line */
            first_name?: string | null;
            /** Format: single-line */
            last_name?: string | null;
            /** Format: email */
            email?: string | null;
            /** Format: single-line */
            phone?: string | null;
            /** Format: single-line */
            mobile?: string | null;
            /** Format: single-line */
            job_title?: string | null;
            /** @enum {string|null} */
            lawful_basis?: "legitimate_interest" | "consent" | "contract" | null;
            /** @description Free keys with scalar values or null; a key that is a custom field of contacts is checked against its type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /**
         * CompanyImportRow
         * @description A CompanyCreate with an optional contact; checked on its own: a refused row is reported in errors, not the request refused.
         */
        CompanyImportRow: {
            /** Format: single-line */
            name: string;
            /**
             * Format: uri
             * @description An http or https URL.
             */
            website?: string | null;
            /**
             * Format: single-line
             * @description Stored lower-cased; derived from website when not given.
             */
            domain?: string | null;
            /** Format: single-line */
            phone?: string | null;
            /** @description Optional line1, line2, city, region and postcode; no other keys. */
            address?: {
                /** Format: single-line */
                line1?: string;
                /** Format: single-line */
                line2?: string;
                /** Format: single-line */
                city?: string;
                /** Format: single-line */
                region?: string;
                /** Format: single-line */
                postcode?: string;
            };
            /** @description Two letters, stored upper-cased. */
            country_code?: string | null;
            /** Format: single-line */
            industry?: string | null;
            /** Format: single-line */
            turnover_band?: string | null;
            /** Format: int32 */
            employee_count?: number | null;
            /** Format: single-line */
            account_number?: string | null;
            /**
             * Format: single-line
             * @description Company registration number.
             */
            company_number?: string | null;
            /** @description Each 4 to 6 digits. */
            sic_codes?: string[];
            /** Format: text */
            description?: string | null;
            /**
             * Format: uuid
             * @description A member of the workspace.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A stage of a company pipeline; defaults to the first stage of the default company pipeline.
             */
            stage_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source of the workspace.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description A campaign of the workspace.
             */
            campaign_id?: string | null;
            /**
             * Format: uuid
             * @description A contact of the workspace, of this company or of none.
             */
            primary_contact_id?: string | null;
            /** @description Free keys with scalar or null values; keys of defined custom fields are checked against their type. At most 50 keys and 16 KiB as JSON; a key is 1 to 100 characters without '.' or a leading '$'; text up to 2000 characters, numbers within ±1000000000000000. */
            custom?: {
                [key: string]: string | number | boolean | null;
            };
            contact?: components["schemas"]["CompanyImportContact"];
        };
        /** CompanyImport */
        CompanyImport: {
            rows: components["schemas"]["CompanyImportRow"][];
            /**
             * @description What a row whose company already exists does. Defaults to `"skip"`.
             * @enum {string}
             */
            duplicates?: "skip" | "update" | "create";
            /** @description Report what would happen, writing nothing (advised first). Defaults to `false`. */
            dry_run?: boolean;
        };
        /** ExportResult */
        ExportResult: {
            /** @description Download link of the ZIP; no bearer token needed; valid 10 minutes, after which the file is removed. */
            url: string;
            /**
             * Format: int64
             * @description Exact size of the ZIP in bytes (the download's Content-Length).
             */
            size: number;
            /** @description The workspace slug and the date in the workspace's time zone, e.g. acme-2026-11-24.zip. */
            file_name: string;
        };
        /** PersonalDataDeal */
        PersonalDataDeal: {
            /** Format: uuid */
            id: string;
            name: string;
            status: string;
            /** Format: uuid */
            company_id: string | null;
        };
        /** PersonalDataTouchpoint */
        PersonalDataTouchpoint: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            campaign_id: string;
            campaign_name: string;
            kind: string;
            /** Format: date-time */
            occurred_at: string;
            note: string | null;
            external_ref: string | null;
            /** Format: uuid */
            company_id: string | null;
        };
        /** PersonalDataDocument */
        PersonalDataDocument: {
            /** Format: uuid */
            id: string;
            name: string;
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
            status: string;
            /** Format: date-time */
            created_at: string;
            uploaded_by_name: string | null;
        };
        /** PersonalDataAuditEntry */
        PersonalDataAuditEntry: {
            /** Format: uuid */
            id: string;
            event_type: string;
            /** Format: date-time */
            at: string;
            action: string | null;
            object_name: string | null;
            summary: string | null;
            actor_type: string;
            actor: string | null;
        };
        /** PersonalData */
        PersonalData: {
            /**
             * Format: date-time
             * @description When this document was put together.
             */
            generated_at: string;
            /** @description True once the contact was erased: what is left is shown. */
            erased: boolean;
            /** Format: date-time */
            erased_at: string | null;
            contact: components["schemas"]["Contact"];
            /** @description Entries on the contact's own timeline, newest first (at most 1,000). */
            timeline: components["schemas"]["Activity"][];
            /** @description Entries on other records' timelines naming the person (name, email or phone), newest first (at most 1,000). */
            mentions: components["schemas"]["Activity"][];
            /** @description Tasks on the contact or naming the person (at most 1,000). */
            tasks: components["schemas"]["Task"][];
            /** @description Meetings the contact attends or that name the person (at most 1,000). */
            meetings: components["schemas"]["Meeting"][];
            /** @description Deals whose contact is this contact. */
            deals: components["schemas"]["PersonalDataDeal"][];
            /** @description Marketing's touchpoints of the contact. */
            touchpoints: components["schemas"]["PersonalDataTouchpoint"][];
            /** @description Files on the contact, as metadata (the bytes are downloaded through GET /documents/{id}/download). */
            documents: components["schemas"]["PersonalDataDocument"][];
            /** @description Audit log entries about the contact, newest first. */
            audit_entries: components["schemas"]["PersonalDataAuditEntry"][];
        };
        /** ContactErased */
        ContactErased: {
            erased: boolean;
            /** Format: int64 */
            files_deleted: number;
        };
        /** ContactErasure */
        ContactErasure: {
            /**
             * @description Must be ERASE: the caller confirms the erasure is meant.
             * @enum {string}
             */
            confirm: "ERASE";
        };
        /** CampaignCurrencyTotal */
        CampaignCurrencyTotal: {
            currency: string;
            /** Format: int64 */
            deals: number;
            /** @description Major units, exact. */
            value: number;
        };
        /** Campaign */
        Campaign: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            source_id: string | null;
            source_name: string | null;
            /** @enum {string} */
            status: "planned" | "active" | "ended";
            /** Format: date */
            starts_on: string | null;
            /** Format: date */
            ends_on: string | null;
            budget: number | null;
            currency: string;
            utm_campaign: string | null;
            external_ref: string | null;
            /** Format: uuid */
            owner_id: string | null;
            owner_name: string | null;
            notes: string | null;
            /** @description Sum of the spend lines, campaign currency, exact. */
            spend: number;
            /**
             * Format: int64
             * @description Companies whose campaign_id is this campaign (outside the recycle bin).
             */
            leads: number;
            /**
             * Format: int64
             * @description Deals whose campaign_id is this campaign.
             */
            deals: number;
            /** @description Value of the won deals credited to the campaign in the campaign currency, exact. */
            won_value: number;
            /** @description Won deals credited to the campaign in other currencies, summed per currency, never converted. */
            won_value_other_currencies: components["schemas"]["CampaignCurrencyTotal"][];
            /** Format: int64 */
            touchpoints: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** CampaignList */
        CampaignList: {
            data: components["schemas"]["Campaign"][];
            /** Format: int64 */
            total: number;
        };
        /** CampaignCreate */
        CampaignCreate: {
            /** Format: single-line */
            name: string;
            /**
             * Format: uuid
             * @description A lead source of the workspace (crm-core).
             */
            source_id?: string | null;
            /**
             * @description Default planned. Any status may follow any other.
             * @enum {string}
             */
            status?: "planned" | "active" | "ended";
            /** Format: date */
            starts_on?: string | null;
            /**
             * Format: date
             * @description Not before starts_on.
             */
            ends_on?: string | null;
            /** @description Major units with at most two decimals, campaign currency. */
            budget?: number | null;
            /** @description Three letters, stored upper-cased; defaults to the workspace currency. */
            currency?: string;
            /**
             * Format: single-line
             * @description Matched without regard to case against the utm_campaign query of pages with web forms.
             */
            utm_campaign?: string | null;
            /** Format: single-line */
            external_ref?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace.
             */
            owner_id?: string | null;
            /** Format: text */
            notes?: string | null;
        };
        /** CampaignUpdate */
        CampaignUpdate: {
            /** Format: single-line */
            name?: string;
            /**
             * Format: uuid
             * @description A lead source of the workspace (crm-core).
             */
            source_id?: string | null;
            /**
             * @description Default planned. Any status may follow any other.
             * @enum {string}
             */
            status?: "planned" | "active" | "ended";
            /** Format: date */
            starts_on?: string | null;
            /**
             * Format: date
             * @description Not before starts_on.
             */
            ends_on?: string | null;
            /** @description Major units with at most two decimals, campaign currency. */
            budget?: number | null;
            /** @description Three letters, stored upper-cased; defaults to the workspace currency. */
            currency?: string;
            /**
             * Format: single-line
             * @description Matched without regard to case against the utm_campaign query of pages with web forms.
             */
            utm_campaign?: string | null;
            /** Format: single-line */
            external_ref?: string | null;
            /**
             * Format: uuid
             * @description An active member of the workspace.
             */
            owner_id?: string | null;
            /** Format: text */
            notes?: string | null;
        };
        /** CampaignSpend */
        CampaignSpend: {
            /** Format: uuid */
            id: string;
            /** Format: date */
            spent_on: string;
            /** @description Major units, campaign currency, exact. */
            amount: number;
            note: string | null;
            external_ref: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** CampaignSpendList */
        CampaignSpendList: {
            data: components["schemas"]["CampaignSpend"][];
            /** @description Sum of the lines, campaign currency, exact. */
            total: number;
        };
        /** CampaignSpendRecorded */
        CampaignSpendRecorded: {
            /** Format: int64 */
            created: number;
            /** Format: int64 */
            updated: number;
        };
        /** CampaignSpendLine */
        CampaignSpendLine: {
            /**
             * Format: date
             * @description The day the money was spent (YYYY-MM-DD).
             */
            spent_on: string;
            /** @description Major units with at most two decimals, campaign currency. */
            amount: number;
            /** Format: text */
            note?: string | null;
            /**
             * Format: single-line
             * @description A later line with the same ref in this campaign replaces this one.
             */
            external_ref?: string | null;
        };
        /** CampaignSpendCreate */
        CampaignSpendCreate: {
            lines: components["schemas"]["CampaignSpendLine"][];
        };
        /** Touchpoint */
        Touchpoint: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            campaign_id: string;
            campaign_name: string;
            /** Format: uuid */
            contact_id: string | null;
            contact_name: string | null;
            /** Format: uuid */
            company_id: string | null;
            company_name: string | null;
            /** @enum {string} */
            kind: "form" | "ad_click" | "email_open" | "email_click" | "visit" | "event" | "call" | "other";
            /** Format: date-time */
            occurred_at: string;
            note: string | null;
            external_ref: string | null;
            /** @description The API key's name when a key recorded it, the member's name, or the web form's name. */
            actor_label: string | null;
        };
        /** TouchpointList */
        TouchpointList: {
            data: components["schemas"]["Touchpoint"][];
            /** Format: int64 */
            total: number;
        };
        /** TouchpointsRecorded */
        TouchpointsRecorded: {
            /** Format: int64 */
            created: number;
            /** Format: int64 */
            duplicates: number;
            /** @description Positions (from 0) of the skipped items. */
            unmatched: number[];
        };
        /** TouchpointItem */
        TouchpointItem: {
            /**
             * Format: uuid
             * @description A campaign of the workspace.
             */
            campaign_id: string;
            /**
             * Format: uuid
             * @description The contact; exactly one of contact_id, email and company_id.
             */
            contact_id?: string;
            /**
             * Format: email
             * @description The contact's email, compared without regard to case.
             */
            email?: string;
            /**
             * Format: uuid
             * @description The company, when no person is known.
             */
            company_id?: string;
            /** @enum {string} */
            kind: "form" | "ad_click" | "email_open" | "email_click" | "visit" | "event" | "call" | "other";
            /**
             * Format: date-time
             * @description Default: when it is recorded.
             */
            occurred_at?: string;
            /** Format: text */
            note?: string | null;
            /**
             * Format: single-line
             * @description Recorded once per campaign: a repeat is counted in duplicates.
             */
            external_ref?: string | null;
        };
        /** TouchpointBatch */
        TouchpointBatch: {
            touchpoints: components["schemas"]["TouchpointItem"][];
        };
        /** WebForm */
        WebForm: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Names the form in its public endpoint; unguessable. */
            public_key: string;
            fields: ("company" | "first_name" | "last_name" | "email" | "phone" | "job_title" | "message")[];
            require_consent: boolean;
            consent_text: string | null;
            /** Format: uuid */
            owner_id: string | null;
            /** Format: uuid */
            source_id: string | null;
            /** Format: uuid */
            campaign_id: string | null;
            redirect_url: string | null;
            enabled: boolean;
            /** Format: int64 */
            submissions: number;
            /** Format: date-time */
            last_submission_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The public submission endpoint (POST /v1/public/forms/{public_key}), no token needed. */
            action_url: string;
            /** @description A ready HTML form to paste into a page: labelled fields, consent checkbox, a honeypot, and the page’s utm_campaign carried along. */
            embed_html: string;
        };
        /** WebFormList */
        WebFormList: {
            data: components["schemas"]["WebForm"][];
        };
        /** WebFormCreate */
        WebFormCreate: {
            /** Format: single-line */
            name: string;
            /** @description The fields shown, in this order; email is always among them (a lead is matched by it). Default: first_name, last_name, email, company, message. */
            fields?: ("company" | "first_name" | "last_name" | "email" | "phone" | "job_title" | "message")[];
            /** @description Default false. When true, consent_text is required and a submission without consent is refused. */
            require_consent?: boolean;
            /** Format: single-line */
            consent_text?: string | null;
            /**
             * Format: uuid
             * @description An active member: owner of the leads it creates, notified of each submission.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source set on the leads it creates.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description Credited with new leads unless the page's utm_campaign query matches another campaign.
             */
            campaign_id?: string | null;
            /**
             * Format: uri
             * @description http or https; a browser posting the form is sent there (303) after a submission.
             */
            redirect_url?: string | null;
            /** @description Default true; a disabled form refuses submissions. */
            enabled?: boolean;
        };
        /** WebFormUpdate */
        WebFormUpdate: {
            /** Format: single-line */
            name?: string;
            /** @description The fields shown, in this order; email is always among them (a lead is matched by it). Default: first_name, last_name, email, company, message. */
            fields?: ("company" | "first_name" | "last_name" | "email" | "phone" | "job_title" | "message")[];
            /** @description Default false. When true, consent_text is required and a submission without consent is refused. */
            require_consent?: boolean;
            /** Format: single-line */
            consent_text?: string | null;
            /**
             * Format: uuid
             * @description An active member: owner of the leads it creates, notified of each submission.
             */
            owner_id?: string | null;
            /**
             * Format: uuid
             * @description A lead source set on the leads it creates.
             */
            source_id?: string | null;
            /**
             * Format: uuid
             * @description Credited with new leads unless the page's utm_campaign query matches another campaign.
             */
            campaign_id?: string | null;
            /**
             * Format: uri
             * @description http or https; a browser posting the form is sent there (303) after a submission.
             */
            redirect_url?: string | null;
            /** @description Default true; a disabled form refuses submissions. */
            enabled?: boolean;
        };
        /** WebFormSubmitted */
        WebFormSubmitted: {
            received: boolean;
            redirect_url: string | null;
        };
        /** WebFormSubmission */
        WebFormSubmission: {
            /** Format: single-line */
            company?: string;
            /** Format: single-line */
            first_name?: string;
            /** Format: single-line */
            last_name?: string;
            /** Format: single-line */
            email?: string;
            /** Format: single-line */
            phone?: string;
            /** Format: single-line */
            job_title?: string;
            /** Format: text */
            message?: string;
            consent?: boolean;
            /** Format: single-line */
            utm_campaign?: string;
            /** @description The honeypot: people leave it empty. */
            website?: string;
        };
        /** ReportCatalogueObject */
        ReportCatalogueObject: {
            /** @enum {string} */
            object: "company" | "contact" | "deal" | "activity" | "task" | "touchpoint" | "spend";
            label: string;
            group_by: {
                /** @description custom.<key> for a custom field */
                field: string;
                label: string;
                /** @enum {string} */
                type: "string" | "boolean" | "number" | "id";
                /**
                 * @description What an id points at: rows show its name.
                 * @enum {string}
                 */
                references?: "member" | "stage" | "pipeline" | "source" | "campaign" | "company" | "contact";
            }[];
            date_fields: {
                field: string;
                label: string;
                units: ("day" | "week" | "month" | "quarter" | "year")[];
            }[];
            measures: {
                /** @description count, or sum:/avg:/min:/max: and a numeric field */
                key: string;
                label: string;
                /** @enum {string} */
                type: "integer" | "number";
                /** @description The measure is money: results are in the workspace currency, other currencies apart. */
                money: boolean;
            }[];
        };
        /** ReportCatalogue */
        ReportCatalogue: {
            data: components["schemas"]["ReportCatalogueObject"][];
        };
        /** ReportRow */
        ReportRow: {
            /** @description One per group_by field: an id, a value, or a date bucket (2026-11-24, the Monday of a week, 2026-11, 2026-Q4, 2026); null for not set. */
            keys: (string | null)[];
            /** @description How each key is shown: a stage or member name for an id, Not set for null. */
            labels: string[];
            /** @description The measure; for money, over records in the workspace currency only (null when an average, minimum or maximum has none). */
            value: number | null;
            /** @description Money in other currencies, never added to value; empty for other measures. */
            other_currency: {
                currency: string;
                value: number | null;
            }[];
        };
        /** ReportRunResult */
        ReportRunResult: {
            /** @enum {string} */
            object: "company" | "contact" | "deal" | "activity" | "task" | "touchpoint" | "spend";
            /** @description One per group_by field, then the measure. */
            columns: {
                key: string;
                label: string;
                /** @enum {string} */
                type: "string" | "boolean" | "number" | "integer" | "date" | "money";
            }[];
            money: boolean;
            /** @description The workspace currency when the measure is money. */
            currency: string | null;
            rows: components["schemas"]["ReportRow"][];
            /** @description More than 500 groups exist: the 500 largest by the measure are shown. */
            truncated: boolean;
            /** @enum {string} */
            chart: "table" | "bar" | "line";
        };
        /** ReportDefinition */
        ReportDefinition: {
            /** @enum {string} */
            object: "company" | "contact" | "deal" | "activity" | "task" | "touchpoint" | "spend";
            /** @description A group-by field, or a date field with a unit: created_at:month. */
            group_by?: string[];
            /** Format: single-line */
            measure?: string;
            filters?: {
                /** Format: single-line */
                field: string;
                /** @description A record is kept when its field equals one of these; null means not set. */
                values: (string | null)[];
            }[];
            /** @description An inclusive range of days (workspace time zone) on a date field. */
            date?: {
                /** Format: single-line */
                field: string;
                /** Format: date */
                from?: string;
                /** Format: date */
                to?: string;
            };
            /** @enum {string} */
            chart?: "table" | "bar" | "line";
        };
        /** ReportRecords */
        ReportRecords: {
            /** Format: int64 */
            total: number;
            records: ({
                /** Format: uuid */
                id: string;
            } & {
                [key: string]: unknown;
            })[];
        };
        /** ReportRecordsQuery */
        ReportRecordsQuery: {
            definition: components["schemas"]["ReportDefinition"];
            keys: (string | null)[];
        };
        /** StoredReportDefinition */
        StoredReportDefinition: {
            /** @enum {string} */
            object: "company" | "contact" | "deal" | "activity" | "task" | "touchpoint" | "spend";
            group_by: string[];
            measure: string;
            filters: {
                field: string;
                values: (string | null)[];
            }[];
            date?: {
                field: string;
                /** Format: date */
                from?: string;
                /** Format: date */
                to?: string;
            };
            /** @enum {string} */
            chart: "table" | "bar" | "line";
        };
        /** SavedReport */
        SavedReport: {
            /** Format: uuid */
            id: string;
            name: string;
            definition: components["schemas"]["StoredReportDefinition"];
            shared: boolean;
            /** @description The caller saved it and may change or delete it. */
            mine: boolean;
            /** @description Pinned to the caller's Home page. */
            pinned: boolean;
            owner_name: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** SavedReportList */
        SavedReportList: {
            data: components["schemas"]["SavedReport"][];
        };
        /** SavedReportCreate */
        SavedReportCreate: {
            /** Format: single-line */
            name: string;
            definition: components["schemas"]["ReportDefinition"];
            /** @description Defaults to `false`. */
            shared?: boolean;
        };
        /** SavedReportUpdate */
        SavedReportUpdate: {
            /** Format: single-line */
            name?: string;
            definition?: components["schemas"]["ReportDefinition"];
            shared?: boolean;
        };
        /** SavedReportRunResult */
        SavedReportRunResult: {
            /** @enum {string} */
            object: "company" | "contact" | "deal" | "activity" | "task" | "touchpoint" | "spend";
            /** @description One per group_by field, then the measure. */
            columns: {
                key: string;
                label: string;
                /** @enum {string} */
                type: "string" | "boolean" | "number" | "integer" | "date" | "money";
            }[];
            money: boolean;
            /** @description The workspace currency when the measure is money. */
            currency: string | null;
            rows: components["schemas"]["ReportRow"][];
            /** @description More than 500 groups exist: the 500 largest by the measure are shown. */
            truncated: boolean;
            /** @enum {string} */
            chart: "table" | "bar" | "line";
            name: string;
        };
        /** ReportStageCount */
        ReportStageCount: {
            /** Format: uuid */
            stage_id: string | null;
            /** @description The stage name; "No stage" for companies without one. */
            stage: string;
            /** @description open, won, lost or account; null for no stage */
            kind: string | null;
            /** Format: int64 */
            companies: number;
        };
        /** PipelineReport */
        PipelineReport: {
            data: components["schemas"]["ReportStageCount"][];
        };
        /** SummaryReport */
        SummaryReport: {
            by_stage: components["schemas"]["ReportStageCount"][];
            by_owner: {
                /** Format: uuid */
                owner_id: string | null;
                owner_name: string | null;
                /** Format: int64 */
                companies: number;
            }[];
            by_source: {
                /** Format: uuid */
                source_id: string | null;
                source: string | null;
                /** Format: int64 */
                companies: number;
            }[];
            added_by_month: {
                /** @description YYYY-MM */
                month: string;
                /** Format: int64 */
                companies: number;
            }[];
            tasks: {
                /** Format: int64 */
                open: number;
                /**
                 * Format: int64
                 * @description Open with due_at before now.
                 */
                overdue: number;
                /**
                 * Format: int64
                 * @description Completed since the start of the month (workspace time zone).
                 */
                done_this_month: number;
            };
            totals: {
                /** Format: int64 */
                companies: number;
                /** Format: int64 */
                accounts: number;
                /** Format: int64 */
                contacts: number;
                /** Format: int64 */
                open_deals: number;
                /** @description Open deals in the workspace currency. */
                open_deal_value: number;
                other_currency: {
                    currency: string;
                    amount: number;
                    /** Format: int64 */
                    deals: number;
                }[];
            };
        };
        /** MarketingReport */
        MarketingReport: {
            period: {
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
            };
            currency: string;
            /** @enum {string} */
            group: "campaign" | "source" | "channel";
            /** @enum {string} */
            model: "first" | "last" | "linear";
            totals: {
                /** @description Major units, workspace currency. */
                spend: number;
                /**
                 * Format: int64
                 * @description Companies created in the period that came from this group (their own campaign or source).
                 */
                leads: number;
                /** @description Deals created in the period attributed here (a share for the linear model). */
                deals: number;
                /** @description Of those, won. */
                won_deals: number;
                /** @description Attributed value of the open deals. */
                pipeline: number;
                /** @description Attributed value of the won deals. */
                revenue: number;
                /** @description spend / won_deals; null when either is zero. */
                cac: number | null;
                /** @description (revenue - spend) / spend; null when spend is zero. */
                roi: number | null;
                /** @description revenue / spend; null when spend is zero. */
                roas: number | null;
            };
            rows: {
                /** @description campaign id, source id or channel; null for unattributed */
                key: string | null;
                label: string;
                /** @description Major units, workspace currency. */
                spend: number;
                /**
                 * Format: int64
                 * @description Companies created in the period that came from this group (their own campaign or source).
                 */
                leads: number;
                /** @description Deals created in the period attributed here (a share for the linear model). */
                deals: number;
                /** @description Of those, won. */
                won_deals: number;
                /** @description Attributed value of the open deals. */
                pipeline: number;
                /** @description Attributed value of the won deals. */
                revenue: number;
                /** @description spend / won_deals; null when either is zero. */
                cac: number | null;
                /** @description (revenue - spend) / spend; null when spend is zero. */
                roi: number | null;
                /** @description revenue / spend; null when spend is zero. */
                roas: number | null;
            }[];
            by_month: {
                month: string;
                /** @description Major units, workspace currency. */
                spend: number;
                /** Format: int64 */
                leads: number;
                deals: number;
                /** @description Major units, workspace currency. */
                pipeline: number;
                /** @description Major units, workspace currency. */
                revenue: number;
            }[];
            other_currency: {
                currency: string;
                spend: number;
                deals: number;
                pipeline: number;
                revenue: number;
            }[];
        };
        /** SalesReport */
        SalesReport: {
            period: {
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
            };
            currency: string;
            /** Format: uuid */
            owner_id: string | null;
            revenue: {
                /** @description Major units, workspace currency. */
                amount: number;
                /** Format: int64 */
                deals: number;
                other_currency: {
                    currency: string;
                    amount: number;
                    /** Format: int64 */
                    deals: number;
                }[];
            };
            lost: {
                /** @description Major units, workspace currency. */
                amount: number;
                /** Format: int64 */
                deals: number;
                other_currency: {
                    currency: string;
                    amount: number;
                    /** Format: int64 */
                    deals: number;
                }[];
            };
            /** @description won / (won + lost) deals closed in the period, 0..1; null when none closed. */
            win_rate: number | null;
            /** @description Mean days from created to closed of the deals won in the period. */
            average_cycle_days: number | null;
            forecast: {
                /** Format: int64 */
                open_deals: number;
                /** @description Major units, workspace currency. */
                open: number;
                /** @description Each open deal by its probability (its own, else its stage's). */
                weighted: number;
                other_currency: {
                    currency: string;
                    open: number;
                    weighted: number;
                    /** Format: int64 */
                    deals: number;
                }[];
            };
            people: {
                /** Format: uuid */
                owner_id: string | null;
                owner_name: string | null;
                /** Format: int64 */
                won_deals: number;
                /** Format: int64 */
                lost_deals: number;
                /** @description Major units, workspace currency. */
                revenue: number;
                win_rate: number | null;
                /** Format: int64 */
                open_deals: number;
                /** @description Major units, workspace currency. */
                open_value: number;
            }[];
            sources: {
                /** Format: uuid */
                source_id: string | null;
                source: string | null;
                /** Format: int64 */
                created_deals: number;
                /** Format: int64 */
                won_deals: number;
                /** @description Major units, workspace currency. */
                revenue: number;
            }[];
            funnel: {
                /** Format: uuid */
                pipeline_id: string | null;
                stages: {
                    /** Format: uuid */
                    stage_id: string;
                    stage: string;
                    kind: string;
                    /**
                     * Format: int64
                     * @description Deals created in the period that were ever in this stage or a later open or won one.
                     */
                    reached: number;
                    /** @description reached / reached of the previous stage, 0..1; null for the first. */
                    conversion: number | null;
                    /** @description Mean days deals stayed in the stage before leaving it. */
                    average_days: number | null;
                }[];
            };
            lost_reasons: {
                reason: string | null;
                /** Format: int64 */
                deals: number;
                /** @description Major units, workspace currency. */
                amount: number;
            }[];
            activity: {
                /** Format: uuid */
                user_id: string;
                name: string | null;
                /** Format: int64 */
                notes: number;
                /** Format: int64 */
                calls: number;
                /** Format: int64 */
                meetings: number;
                /** Format: int64 */
                tasks_done: number;
            }[];
        };
        /** Document */
        Document: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            target_type: "company" | "contact";
            /** Format: uuid */
            target_id: string;
            name: string;
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
            /**
             * @description pending: created, bytes not yet completed; ready: completed, shown on the record (docs/documents.md)
             * @enum {string}
             */
            status: "pending" | "ready";
            /** Format: uuid */
            uploaded_by: string;
            uploaded_by_name: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** DocumentList */
        DocumentList: {
            data: components["schemas"]["Document"][];
        };
        /** DocumentUpload */
        DocumentUpload: {
            document: components["schemas"]["Document"];
            /** Format: uri */
            upload_url: string;
        };
        /** DocumentCreate */
        DocumentCreate: {
            /** @enum {string} */
            target_type: "company" | "contact";
            /**
             * Format: uuid
             * @description A company or contact of the workspace, not in the recycle bin.
             */
            target_id: string;
            /** Format: single-line */
            name: string;
            /** @description A media type, e.g. application/pdf. */
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
        };
        /** DocumentUsage */
        DocumentUsage: {
            used: number;
            quota: number;
        };
        /** DocumentDownload */
        DocumentDownload: {
            /** Format: uri */
            url: string;
        };
        /** PlanLimits */
        PlanLimits: {
            /**
             * Format: int64
             * @description Active members allowed; null: no limit (billed per seat)
             */
            seats: number | null;
            /**
             * Format: int64
             * @description Bytes of stored documents, all files together
             */
            storage_bytes: number;
            /**
             * Format: int64
             * @description Bytes of the largest single file
             */
            file_bytes: number;
            /**
             * Format: int64
             * @description Companies, contacts and deals together; null: no limit
             */
            records: number | null;
        };
        /** BillingSubscription */
        BillingSubscription: {
            /**
             * @description The provider's status; trialing, active and past_due keep the Standard plan
             * @enum {string}
             */
            status: "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";
            /** @enum {string|null} */
            interval: "month" | "year" | null;
            /**
             * Format: int64
             * @description Seats billed
             */
            seats: number | null;
            /** Format: date-time */
            current_period_end: string | null;
            cancel_at_period_end: boolean;
            /**
             * Format: date-time
             * @description First payment, when the subscription was set up during the complimentary period
             */
            trial_end: string | null;
        } | null;
        /** BillingInvoice */
        BillingInvoice: {
            id: string;
            number: string | null;
            /** @description draft, open, paid, uncollectible or void */
            status: string;
            currency: string;
            /** @description Major units */
            amount_due: number;
            /** @description Major units */
            amount_paid: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            period_start: string | null;
            /** Format: date-time */
            period_end: string | null;
            /**
             * Format: uri
             * @description The provider's page of the invoice (PDF, payment), when it has one
             */
            url: string | null;
        };
        /** Billing */
        Billing: {
            /** @enum {string} */
            plan: "free" | "standard";
            /**
             * Format: int64
             * @description Active members now
             */
            seats: number;
            limits: components["schemas"]["PlanLimits"];
            /** @description A customer exists at the payment provider (checkout was opened at least once) */
            has_billing_account: boolean;
            /** Format: date-time */
            complimentary_until: string | null;
            subscription: components["schemas"]["BillingSubscription"];
            /** @description Newest first, up to 12 */
            invoices: components["schemas"]["BillingInvoice"][];
        };
        /** HostedUrl */
        HostedUrl: {
            /** Format: uri */
            url: string;
        };
        /** CheckoutCreate */
        CheckoutCreate: {
            /**
             * @description Defaults to `"month"`.
             * @enum {string}
             */
            interval?: "month" | "year";
        };
        /** BillingWebhookReceipt */
        BillingWebhookReceipt: {
            received: boolean;
            duplicate: boolean;
        };
        /** Webhook */
        Webhook: {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            description: string | null;
            event_types: string[];
            enabled: boolean;
            /**
             * @description failing: disabled after every delivery failed for the whole retry window (three days)
             * @enum {string|null}
             */
            disabled_reason: "failing" | null;
            /**
             * Format: date-time
             * @description Until then the previous secret signs deliveries too (a second v1 signature)
             */
            secret_rotation_ends_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** WebhookList */
        WebhookList: {
            data: components["schemas"]["Webhook"][];
        };
        /** WebhookWithSecret */
        WebhookWithSecret: {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            description: string | null;
            event_types: string[];
            enabled: boolean;
            /**
             * @description failing: disabled after every delivery failed for the whole retry window (three days)
             * @enum {string|null}
             */
            disabled_reason: "failing" | null;
            /**
             * Format: date-time
             * @description Until then the previous secret signs deliveries too (a second v1 signature)
             */
            secret_rotation_ends_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret (whsec_…), shown this once: store it now */
            secret: string;
        };
        /** WebhookCreate */
        WebhookCreate: {
            /**
             * Format: uri
             * @description https address that receives POSTed deliveries; it must resolve to a public address
             */
            url: string;
            /** @description Event types delivered: exact types (crm.deal.updated), patterns (crm.deal.*, crm.*) or ["*"] for every public event. Each must name at least one type of the event catalogue. */
            event_types?: string[];
            /** Format: single-line */
            description?: string | null;
            /** @description Defaults to `true`. */
            enabled?: boolean;
        };
        /** WebhookUpdated */
        WebhookUpdated: {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            description: string | null;
            event_types: string[];
            enabled: boolean;
            /**
             * @description failing: disabled after every delivery failed for the whole retry window (three days)
             * @enum {string|null}
             */
            disabled_reason: "failing" | null;
            /**
             * Format: date-time
             * @description Until then the previous secret signs deliveries too (a second v1 signature)
             */
            secret_rotation_ends_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret (whsec_…), shown this once: store it now */
            secret?: string;
        };
        /** WebhookUpdate */
        WebhookUpdate: {
            /**
             * Format: uri
             * @description https address that receives POSTed deliveries; it must resolve to a public address
             */
            url?: string;
            /** @description Event types delivered: exact types (crm.deal.updated), patterns (crm.deal.*, crm.*) or ["*"] for every public event. Each must name at least one type of the event catalogue. */
            event_types?: string[];
            /** Format: single-line */
            description?: string | null;
            enabled?: boolean;
            rotate_secret?: boolean;
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            webhook_id: string;
            /** @description The webhook-id header of every attempt; the id of the event in GET /v1/events */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** Format: int64 */
            attempts: number;
            /**
             * Format: int64
             * @description HTTP status of the last attempt's answer; null when there was none
             */
            response_status: number | null;
            /** @description Why the last attempt failed */
            error: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** WebhookDeliveryList */
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description The `cursor` of the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** SubscriptionComplimentaryEndedData */
        SubscriptionComplimentaryEndedData: {
            /** @description Billing's record of the workspace's subscription: one per workspace, with the workspace's id */
            subscription_id: string;
            workspace_id: string;
            /** @description The plan the workspace is on now: free or standard (protos/rest/plans.ts) */
            plan: string;
            /** @description complimentary (Standard, free until complimentary_until), none (Free, nothing set up), trialing (set up, first payment at trial_end), active, past_due (a payment failed; Standard kept while the provider retries), unpaid, canceled */
            status: string;
            interval: string | null;
            seats: number | null;
            current_period_end: string | null;
            cancel_at_period_end: boolean;
            trial_end: string | null;
            complimentary_until: string | null;
            billing_set_up: boolean;
            has_billing_account: boolean;
            /** @description stripe or simulated */
            provider: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SubscriptionEndedData */
        SubscriptionEndedData: {
            /** @description Billing's record of the workspace's subscription: one per workspace, with the workspace's id */
            subscription_id: string;
            workspace_id: string;
            /** @description The plan the workspace is on now: free or standard (protos/rest/plans.ts) */
            plan: string;
            /** @description complimentary (Standard, free until complimentary_until), none (Free, nothing set up), trialing (set up, first payment at trial_end), active, past_due (a payment failed; Standard kept while the provider retries), unpaid, canceled */
            status: string;
            interval: string | null;
            seats: number | null;
            current_period_end: string | null;
            cancel_at_period_end: boolean;
            trial_end: string | null;
            complimentary_until: string | null;
            billing_set_up: boolean;
            has_billing_account: boolean;
            /** @description stripe or simulated */
            provider: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SubscriptionStartedData */
        SubscriptionStartedData: {
            /** @description Billing's record of the workspace's subscription: one per workspace, with the workspace's id */
            subscription_id: string;
            workspace_id: string;
            /** @description The plan the workspace is on now: free or standard (protos/rest/plans.ts) */
            plan: string;
            /** @description complimentary (Standard, free until complimentary_until), none (Free, nothing set up), trialing (set up, first payment at trial_end), active, past_due (a payment failed; Standard kept while the provider retries), unpaid, canceled */
            status: string;
            interval: string | null;
            seats: number | null;
            current_period_end: string | null;
            cancel_at_period_end: boolean;
            trial_end: string | null;
            complimentary_until: string | null;
            billing_set_up: boolean;
            has_billing_account: boolean;
            /** @description stripe or simulated */
            provider: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SubscriptionUpdatedData */
        SubscriptionUpdatedData: {
            /** @description Billing's record of the workspace's subscription: one per workspace, with the workspace's id */
            subscription_id: string;
            workspace_id: string;
            /** @description The plan the workspace is on now: free or standard (protos/rest/plans.ts) */
            plan: string;
            /** @description complimentary (Standard, free until complimentary_until), none (Free, nothing set up), trialing (set up, first payment at trial_end), active, past_due (a payment failed; Standard kept while the provider retries), unpaid, canceled */
            status: string;
            interval: string | null;
            seats: number | null;
            current_period_end: string | null;
            cancel_at_period_end: boolean;
            trial_end: string | null;
            complimentary_until: string | null;
            billing_set_up: boolean;
            has_billing_account: boolean;
            /** @description stripe or simulated */
            provider: string;
            /** @description The state fields this change set */
            changes: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ActivityCreatedData */
        ActivityCreatedData: {
            activity_id: string;
            /** @description note, call, system, email, meeting, task or plugin */
            type: string;
            subject: string | null;
            body: string | null;
            outcome: string | null;
            /** @description company, contact or deal */
            target_type: string;
            target_id: string;
            /** @description user, agent, app or system */
            actor_type: string;
            actor_id: string | null;
            actor_label: string | null;
            occurred_at: string;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ActivityDeletedData */
        ActivityDeletedData: {
            activity_id: string;
            /** @description note, call, system, email, meeting, task or plugin */
            type: string;
            subject: string | null;
            body: string | null;
            outcome: string | null;
            /** @description company, contact or deal */
            target_type: string;
            target_id: string;
            /** @description user, agent, app or system */
            actor_type: string;
            actor_id: string | null;
            actor_label: string | null;
            occurred_at: string;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ActivityRecordedData */
        ActivityRecordedData: {
            activity_id: string;
            /** @description note, call, system, email, meeting, task or plugin */
            type: string;
            subject: string | null;
            body: string | null;
            outcome: string | null;
            /** @description company, contact or deal */
            target_type: string;
            target_id: string;
            /** @description user, agent, app or system */
            actor_type: string;
            actor_id: string | null;
            actor_label: string | null;
            occurred_at: string;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ActivityUpdatedData */
        ActivityUpdatedData: {
            activity_id: string;
            /** @description note, call, system, email, meeting, task or plugin */
            type: string;
            subject: string | null;
            body: string | null;
            outcome: string | null;
            /** @description company, contact or deal */
            target_type: string;
            target_id: string;
            /** @description user, agent, app or system */
            actor_type: string;
            actor_id: string | null;
            actor_label: string | null;
            occurred_at: string;
            created_at: string;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CompanyCreatedData */
        CompanyCreatedData: {
            company_id: string;
            name: string | null;
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            owner_id: string | null;
            stage_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            primary_contact_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            is_account: boolean;
            pipeline_id: string | null;
            stage_name?: string | null;
            owner_name?: string | null;
            source_name?: string | null;
            campaign_name?: string | null;
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CompanyDeletedData */
        CompanyDeletedData: {
            company_id: string;
            name: string | null;
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            owner_id: string | null;
            stage_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            primary_contact_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            is_account: boolean;
            pipeline_id: string | null;
            stage_name?: string | null;
            owner_name?: string | null;
            source_name?: string | null;
            campaign_name?: string | null;
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            merged_into_id: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CompanyMergedData */
        CompanyMergedData: {
            company_id: string;
            name: string | null;
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            owner_id: string | null;
            stage_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            primary_contact_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            is_account: boolean;
            pipeline_id: string | null;
            stage_name?: string | null;
            owner_name?: string | null;
            source_name?: string | null;
            campaign_name?: string | null;
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            source_ids: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CompanyPurgedData */
        CompanyPurgedData: {
            company_id: string;
            name: string | null;
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            owner_id: string | null;
            stage_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            primary_contact_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            is_account: boolean;
            pipeline_id: string | null;
            stage_name?: string | null;
            owner_name?: string | null;
            source_name?: string | null;
            campaign_name?: string | null;
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CompanyRestoredData */
        CompanyRestoredData: {
            company_id: string;
            name: string | null;
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            owner_id: string | null;
            stage_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            primary_contact_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            is_account: boolean;
            pipeline_id: string | null;
            stage_name?: string | null;
            owner_name?: string | null;
            source_name?: string | null;
            campaign_name?: string | null;
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CompanyUpdatedData */
        CompanyUpdatedData: {
            company_id: string;
            name: string | null;
            website: string | null;
            domain: string | null;
            phone: string | null;
            address: {
                line1?: string;
                line2?: string;
                city?: string;
                region?: string;
                postcode?: string;
            };
            country_code: string | null;
            industry: string | null;
            turnover_band: string | null;
            employee_count: number | null;
            account_number: string | null;
            company_number: string | null;
            sic_codes: string[];
            description: string | null;
            owner_id: string | null;
            stage_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            primary_contact_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            is_account: boolean;
            pipeline_id: string | null;
            stage_name?: string | null;
            owner_name?: string | null;
            source_name?: string | null;
            campaign_name?: string | null;
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactCreatedData */
        ContactCreatedData: {
            contact_id: string;
            company_id: string | null;
            reports_to_id: string | null;
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            lawful_basis: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactDeletedData */
        ContactDeletedData: {
            contact_id: string;
            company_id: string | null;
            reports_to_id: string | null;
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            lawful_basis: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            merged_into_id: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactErasedData */
        ContactErasedData: {
            contact_id: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactMergedData */
        ContactMergedData: {
            contact_id: string;
            company_id: string | null;
            reports_to_id: string | null;
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            lawful_basis: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            source_ids: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactPurgedData */
        ContactPurgedData: {
            contact_id: string;
            company_id: string | null;
            reports_to_id: string | null;
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            lawful_basis: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactRestoredData */
        ContactRestoredData: {
            contact_id: string;
            company_id: string | null;
            reports_to_id: string | null;
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            lawful_basis: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ContactUpdatedData */
        ContactUpdatedData: {
            contact_id: string;
            company_id: string | null;
            reports_to_id: string | null;
            owner_id: string | null;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            mobile: string | null;
            job_title: string | null;
            lawful_basis: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            created_at: string;
            updated_at: string;
            deleted_at: string | null;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CustomFieldCreatedData */
        CustomFieldCreatedData: {
            custom_field_id: string;
            object: string;
            /** @description The stable key of the field in `custom` (CustomField.key). */
            slug: string;
            label: string;
            type: string;
            options: string[];
            /** Format: int64 */
            position: number;
            archived: boolean;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CustomFieldUpdatedData */
        CustomFieldUpdatedData: {
            custom_field_id: string;
            object: string;
            /** @description The stable key of the field in `custom` (CustomField.key). */
            slug: string;
            label: string;
            type: string;
            options: string[];
            /** Format: int64 */
            position: number;
            archived: boolean;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DealCreatedData */
        DealCreatedData: {
            deal_id: string;
            name: string;
            company_id: string | null;
            contact_id: string | null;
            /** @description Major units, at most two decimals. */
            value: number;
            currency: string;
            pipeline_id: string;
            stage_id: string;
            /** @description The deal's own probability; null when it follows its stage's. */
            probability: number | null;
            expected_close: string | null;
            /** @description open, won or lost */
            status: string;
            closed_at: string | null;
            lost_reason: string | null;
            owner_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            company_name?: string | null;
            contact_name?: string | null;
            stage_name?: string | null;
            stage_kind?: string | null;
            owner_name?: string | null;
            campaign_name?: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DealDeletedData */
        DealDeletedData: {
            deal_id: string;
            name: string;
            company_id: string | null;
            contact_id: string | null;
            /** @description Major units, at most two decimals. */
            value: number;
            currency: string;
            pipeline_id: string;
            stage_id: string;
            /** @description The deal's own probability; null when it follows its stage's. */
            probability: number | null;
            expected_close: string | null;
            /** @description open, won or lost */
            status: string;
            closed_at: string | null;
            lost_reason: string | null;
            owner_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            company_name?: string | null;
            contact_name?: string | null;
            stage_name?: string | null;
            stage_kind?: string | null;
            owner_name?: string | null;
            campaign_name?: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DealUpdatedData */
        DealUpdatedData: {
            deal_id: string;
            name: string;
            company_id: string | null;
            contact_id: string | null;
            /** @description Major units, at most two decimals. */
            value: number;
            currency: string;
            pipeline_id: string;
            stage_id: string;
            /** @description The deal's own probability; null when it follows its stage's. */
            probability: number | null;
            expected_close: string | null;
            /** @description open, won or lost */
            status: string;
            closed_at: string | null;
            lost_reason: string | null;
            owner_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            custom: {
                [key: string]: string | number | boolean | null;
            };
            company_name?: string | null;
            contact_name?: string | null;
            stage_name?: string | null;
            stage_kind?: string | null;
            owner_name?: string | null;
            campaign_name?: string | null;
            created_at: string;
            updated_at: string;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DuplicateGroupDismissedData */
        DuplicateGroupDismissedData: {
            /** @description The dismissal record. */
            duplicate_group_id: string;
            /** @description company or contact */
            object: string;
            /** @description same_domain, same_name, same_email or same_name_at_company */
            reason: string;
            /** @description The key of the dismissed group. */
            group: string;
            /** @description The members of the group when it was dismissed. */
            record_ids: string[];
            dismissed_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** LeadSourceCreatedData */
        LeadSourceCreatedData: {
            lead_source_id: string;
            name: string;
            channel: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** LeadSourceDeletedData */
        LeadSourceDeletedData: {
            lead_source_id: string;
            name: string;
            channel: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** LeadSourceSeededData */
        LeadSourceSeededData: {
            lead_source_id: string;
            name: string;
            channel: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** LeadSourceUpdatedData */
        LeadSourceUpdatedData: {
            lead_source_id: string;
            name: string;
            channel: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** MeetingCreatedData */
        MeetingCreatedData: {
            meeting_id: string;
            title: string;
            location: string | null;
            notes?: string | null;
            /** @description ISO 8601 UTC */
            starts_at: string;
            /** @description ISO 8601 UTC, after starts_at */
            ends_at: string;
            company_id: string | null;
            /** @description The member who organises it; their connected calendar holds the event. */
            organiser_id: string;
            /** @description scheduled, done or cancelled */
            status: string;
            outcome: string | null;
            attendees: {
                /** @description user or contact */
                type: string;
                id: string;
            }[];
            online_meeting: boolean;
            external_provider: "provider_a" | "provider_b" | null;
            join_url?: string | null;
            sync_error?: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** MeetingDeletedData */
        MeetingDeletedData: {
            meeting_id: string;
            title: string;
            location: string | null;
            notes?: string | null;
            /** @description ISO 8601 UTC */
            starts_at: string;
            /** @description ISO 8601 UTC, after starts_at */
            ends_at: string;
            company_id: string | null;
            /** @description The member who organises it; their connected calendar holds the event. */
            organiser_id: string;
            /** @description scheduled, done or cancelled */
            status: string;
            outcome: string | null;
            attendees: {
                /** @description user or contact */
                type: string;
                id: string;
            }[];
            online_meeting: boolean;
            external_provider: "provider_a" | "provider_b" | null;
            join_url?: string | null;
            sync_error?: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** MeetingUpdatedData */
        MeetingUpdatedData: {
            meeting_id: string;
            title: string;
            location: string | null;
            notes?: string | null;
            /** @description ISO 8601 UTC */
            starts_at: string;
            /** @description ISO 8601 UTC, after starts_at */
            ends_at: string;
            company_id: string | null;
            /** @description The member who organises it; their connected calendar holds the event. */
            organiser_id: string;
            /** @description scheduled, done or cancelled */
            status: string;
            outcome: string | null;
            attendees: {
                /** @description user or contact */
                type: string;
                id: string;
            }[];
            online_meeting: boolean;
            external_provider: "provider_a" | "provider_b" | null;
            join_url?: string | null;
            sync_error?: string | null;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineStageCreatedData */
        PipelineStageCreatedData: {
            stage_id: string;
            pipeline_id: string;
            /** @description The pipeline's object: company or deal */
            object: string;
            name: string;
            /** Format: int64 */
            position: number;
            /** @description open, won, lost or account */
            kind: string;
            probability: number | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineStageDeletedData */
        PipelineStageDeletedData: {
            stage_id: string;
            pipeline_id: string;
            /** @description The pipeline's object: company or deal */
            object: string;
            name: string;
            /** Format: int64 */
            position: number;
            /** @description open, won, lost or account */
            kind: string;
            probability: number | null;
            /** @description The stage the companies and deals of this one moved to, or null when the request moved none */
            moved_to: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineStageSeededData */
        PipelineStageSeededData: {
            stage_id: string;
            pipeline_id: string;
            /** @description The pipeline's object: company or deal */
            object: string;
            name: string;
            /** Format: int64 */
            position: number;
            /** @description open, won, lost or account */
            kind: string;
            probability: number | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineStageUpdatedData */
        PipelineStageUpdatedData: {
            stage_id: string;
            pipeline_id: string;
            /** @description The pipeline's object: company or deal */
            object: string;
            name: string;
            /** Format: int64 */
            position: number;
            /** @description open, won, lost or account */
            kind: string;
            probability: number | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineCreatedData */
        PipelineCreatedData: {
            pipeline_id: string;
            name: string;
            /** @description company or deal */
            object: string;
            is_default: boolean;
            /** Format: int64 */
            position: number;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineDeletedData */
        PipelineDeletedData: {
            pipeline_id: string;
            name: string;
            /** @description company or deal */
            object: string;
            is_default: boolean;
            /** Format: int64 */
            position: number;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineSeededData */
        PipelineSeededData: {
            pipeline_id: string;
            name: string;
            /** @description company or deal */
            object: string;
            is_default: boolean;
            /** Format: int64 */
            position: number;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** PipelineUpdatedData */
        PipelineUpdatedData: {
            pipeline_id: string;
            name: string;
            /** @description company or deal */
            object: string;
            is_default: boolean;
            /** Format: int64 */
            position: number;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SavedViewCreatedData */
        SavedViewCreatedData: {
            saved_view_id: string;
            object: string;
            name: string;
            filters: {
                [key: string]: string;
            };
            shared: boolean;
            owner_id: string;
            owner_name: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SavedViewDeletedData */
        SavedViewDeletedData: {
            saved_view_id: string;
            object: string;
            name: string;
            filters: {
                [key: string]: string;
            };
            shared: boolean;
            owner_id: string;
            owner_name: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SavedViewUpdatedData */
        SavedViewUpdatedData: {
            saved_view_id: string;
            object: string;
            name: string;
            filters: {
                [key: string]: string;
            };
            shared: boolean;
            owner_id: string;
            owner_name: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** TaskCreatedData */
        TaskCreatedData: {
            task_id: string;
            title: string;
            notes: string | null;
            due_at: string | null;
            remind_at: string | null;
            /** @description open, done or cancelled */
            status: string;
            target_type: string | null;
            target_id: string | null;
            assignee_id: string | null;
            created_by: string | null;
            completed_at: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** TaskDeletedData */
        TaskDeletedData: {
            task_id: string;
            title: string;
            notes: string | null;
            due_at: string | null;
            remind_at: string | null;
            /** @description open, done or cancelled */
            status: string;
            target_type: string | null;
            target_id: string | null;
            assignee_id: string | null;
            created_by: string | null;
            completed_at: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** TaskUpdatedData */
        TaskUpdatedData: {
            task_id: string;
            title: string;
            notes: string | null;
            due_at: string | null;
            remind_at: string | null;
            /** @description open, done or cancelled */
            status: string;
            target_type: string | null;
            target_id: string | null;
            assignee_id: string | null;
            created_by: string | null;
            completed_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DocumentCompletedData */
        DocumentCompletedData: {
            document_id: string;
            /** @description company or contact */
            target_type: string;
            target_id: string;
            name: string;
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
            /** @description pending (created, bytes not confirmed) or ready (completed: on the record) */
            status: string;
            /** @description The member (or API key) that created the document. */
            uploaded_by: string;
            uploaded_by_name?: string | null;
            /** @description Hex SHA-256 of the bytes, once they arrived. */
            checksum_sha256: string | null;
            created_at: string;
            completed_at: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DocumentCreatedData */
        DocumentCreatedData: {
            document_id: string;
            /** @description company or contact */
            target_type: string;
            target_id: string;
            name: string;
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
            /** @description pending (created, bytes not confirmed) or ready (completed: on the record) */
            status: string;
            /** @description The member (or API key) that created the document. */
            uploaded_by: string;
            uploaded_by_name?: string | null;
            /** @description Hex SHA-256 of the bytes, once they arrived. */
            checksum_sha256: string | null;
            created_at: string;
            completed_at: string | null;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DocumentDeletedData */
        DocumentDeletedData: {
            document_id: string;
            /** @description company or contact */
            target_type: string;
            target_id: string;
            name: string;
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
            /** @description pending (created, bytes not confirmed) or ready (completed: on the record) */
            status: string;
            /** @description The member (or API key) that created the document. */
            uploaded_by: string;
            uploaded_by_name?: string | null;
            /** @description Hex SHA-256 of the bytes, once they arrived. */
            checksum_sha256: string | null;
            created_at: string;
            completed_at: string | null;
            /** @description deleted, record_purged, record_erased or upload_expired */
            reason: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** DocumentMovedData */
        DocumentMovedData: {
            document_id: string;
            /** @description company or contact */
            target_type: string;
            target_id: string;
            name: string;
            content_type: string;
            /** Format: int64 */
            size_bytes: number;
            /** @description pending (created, bytes not confirmed) or ready (completed: on the record) */
            status: string;
            /** @description The member (or API key) that created the document. */
            uploaded_by: string;
            uploaded_by_name?: string | null;
            /** @description Hex SHA-256 of the bytes, once they arrived. */
            checksum_sha256: string | null;
            created_at: string;
            completed_at: string | null;
            previous_target_id: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** MemberAddedData */
        MemberAddedData: {
            /** @description The membership record's own id inside identity; never an id a client sends. */
            member_id: string;
            /** @description The person's id: the member's id in GET /members and PATCH /members/{id}, and what every field naming a person holds. */
            user_id: string;
            name: string;
            email: string;
            role_id: string;
            role: string;
            status: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** MemberUpdatedData */
        MemberUpdatedData: {
            /** @description The membership record's own id inside identity; never an id a client sends. */
            member_id: string;
            /** @description The person's id: the member's id in GET /members and PATCH /members/{id}, and what every field naming a person holds. */
            user_id: string;
            name: string;
            email: string;
            role_id: string;
            role: string;
            status: string;
            previous_role_id: string;
            previous_role: string;
            previous_status: string;
            role_changed: boolean;
            status_changed: boolean;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** RoleCreatedData */
        RoleCreatedData: {
            role_id: string;
            name: string;
            permissions: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** RoleDeletedData */
        RoleDeletedData: {
            role_id: string;
            name: string;
            permissions: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** RoleUpdatedData */
        RoleUpdatedData: {
            role_id: string;
            name: string;
            permissions: string[];
            previous_name: string;
            previous_permissions: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** WorkspaceCreatedData */
        WorkspaceCreatedData: {
            workspace_id: string;
            slug: string;
            name: string;
            plan: string;
            complimentary_until: string | null;
            billing_set_up: boolean;
            settings: {
                currency: string;
                date_format: string;
                timezone: string;
                /** Format: int64 */
                page_size: number;
            };
            created_by: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** WorkspaceUpdatedData */
        WorkspaceUpdatedData: {
            workspace_id: string;
            slug: string;
            name: string;
            plan: string;
            complimentary_until: string | null;
            billing_set_up: boolean;
            settings: {
                currency: string;
                date_format: string;
                timezone: string;
                /** Format: int64 */
                page_size: number;
            };
            created_by: string;
            changes: {
                [key: string]: {
                    before: unknown;
                    after: unknown;
                };
            };
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CampaignCreatedData */
        CampaignCreatedData: {
            campaign_id: string;
            name: string;
            source_id: string | null;
            /** @description planned, active or ended */
            status: string;
            starts_on: string | null;
            ends_on: string | null;
            /** @description Major units, campaign currency. */
            budget: number | null;
            currency: string;
            utm_campaign: string | null;
            external_ref: string | null;
            owner_id: string | null;
            notes: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CampaignDeletedData */
        CampaignDeletedData: {
            campaign_id: string;
            name: string;
            source_id: string | null;
            /** @description planned, active or ended */
            status: string;
            starts_on: string | null;
            ends_on: string | null;
            /** @description Major units, campaign currency. */
            budget: number | null;
            currency: string;
            utm_campaign: string | null;
            external_ref: string | null;
            owner_id: string | null;
            notes: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** CampaignUpdatedData */
        CampaignUpdatedData: {
            campaign_id: string;
            name: string;
            source_id: string | null;
            /** @description planned, active or ended */
            status: string;
            starts_on: string | null;
            ends_on: string | null;
            /** @description Major units, campaign currency. */
            budget: number | null;
            currency: string;
            utm_campaign: string | null;
            external_ref: string | null;
            owner_id: string | null;
            notes: string | null;
            created_at: string;
            updated_at: string;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SpendDeletedData */
        SpendDeletedData: {
            spend_id: string;
            campaign_id: string;
            campaign_name: string;
            /** @description YYYY-MM-DD */
            spent_on: string;
            /** @description Major units, at most two decimals, campaign currency. */
            amount: number;
            currency: string;
            note: string | null;
            external_ref: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SpendRecordedData */
        SpendRecordedData: {
            spend_id: string;
            campaign_id: string;
            campaign_name: string;
            /** @description YYYY-MM-DD */
            spent_on: string;
            /** @description Major units, at most two decimals, campaign currency. */
            amount: number;
            currency: string;
            note: string | null;
            external_ref: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SpendUpdatedData */
        SpendUpdatedData: {
            spend_id: string;
            campaign_id: string;
            campaign_name: string;
            /** @description YYYY-MM-DD */
            spent_on: string;
            /** @description Major units, at most two decimals, campaign currency. */
            amount: number;
            currency: string;
            note: string | null;
            external_ref: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** TouchpointMovedData */
        TouchpointMovedData: {
            touchpoint_id: string;
            campaign_id: string;
            campaign_name: string;
            contact_id: string | null;
            company_id: string | null;
            /** @description form, ad_click, email_open, email_click, visit, event, call or other */
            kind: string;
            occurred_at: string;
            note: string | null;
            external_ref: string | null;
            /** @description Who recorded it: the API key's name when a key sent it, the member's name, or the web form's name. */
            actor_label: string | null;
            created_at: string;
            /** @description contact_id and/or company_id */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** TouchpointRecordedData */
        TouchpointRecordedData: {
            touchpoint_id: string;
            campaign_id: string;
            campaign_name: string;
            contact_id: string | null;
            company_id: string | null;
            /** @description form, ad_click, email_open, email_click, visit, event, call or other */
            kind: string;
            occurred_at: string;
            note: string | null;
            external_ref: string | null;
            /** @description Who recorded it: the API key's name when a key sent it, the member's name, or the web form's name. */
            actor_label: string | null;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** WebFormCreatedData */
        WebFormCreatedData: {
            web_form_id: string;
            name: string;
            fields: string[];
            require_consent: boolean;
            consent_text: string | null;
            owner_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            redirect_url: string | null;
            enabled: boolean;
            /** Format: int64 */
            submissions: number;
            last_submission_at: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** WebFormSubmittedData */
        WebFormSubmittedData: {
            web_form_id: string;
            name: string;
            fields: string[];
            require_consent: boolean;
            consent_text: string | null;
            owner_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            redirect_url: string | null;
            enabled: boolean;
            /** Format: int64 */
            submissions: number;
            last_submission_at: string | null;
            created_at: string;
            updated_at: string;
            submission_id: string;
            company_id: string | null;
            company_name: string | null;
            contact_id: string | null;
            contact_name: string | null;
            credited_campaign_id: string | null;
            submitted_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** WebFormUpdatedData */
        WebFormUpdatedData: {
            web_form_id: string;
            name: string;
            fields: string[];
            require_consent: boolean;
            consent_text: string | null;
            owner_id: string | null;
            source_id: string | null;
            campaign_id: string | null;
            redirect_url: string | null;
            enabled: boolean;
            /** Format: int64 */
            submissions: number;
            last_submission_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description The fields this change set. */
            fields_changed: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ReportPinPinnedData */
        ReportPinPinnedData: {
            report_pin_id: string;
            saved_report_id: string;
            user_id: string;
            report_name: string;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** ReportPinUnpinnedData */
        ReportPinUnpinnedData: {
            report_pin_id: string;
            saved_report_id: string;
            user_id: string;
            report_name: string;
            created_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SavedReportCreatedData */
        SavedReportCreatedData: {
            saved_report_id: string;
            name: string;
            /** @description The ReportDefinition with its defaults filled in. */
            definition: {
                object: string;
                group_by: string[];
                measure: string;
                filters: {
                    field: string;
                    values: (string | null)[];
                }[];
                date?: {
                    field: string;
                    from?: string;
                    to?: string;
                };
                chart: string;
            };
            shared: boolean;
            owner_id: string;
            owner_name: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SavedReportDeletedData */
        SavedReportDeletedData: {
            saved_report_id: string;
            name: string;
            /** @description The ReportDefinition with its defaults filled in. */
            definition: {
                object: string;
                group_by: string[];
                measure: string;
                filters: {
                    field: string;
                    values: (string | null)[];
                }[];
                date?: {
                    field: string;
                    from?: string;
                    to?: string;
                };
                chart: string;
            };
            shared: boolean;
            owner_id: string;
            owner_name: string | null;
            created_at: string;
            updated_at: string;
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** SavedReportUpdatedData */
        SavedReportUpdatedData: {
            saved_report_id: string;
            name: string;
            /** @description The ReportDefinition with its defaults filled in. */
            definition: {
                object: string;
                group_by: string[];
                measure: string;
                filters: {
                    field: string;
                    values: (string | null)[];
                }[];
                date?: {
                    field: string;
                    from?: string;
                    to?: string;
                };
                chart: string;
            };
            shared: boolean;
            owner_id: string;
            owner_name: string | null;
            created_at: string;
            updated_at: string;
            /** @description The fields this change set. */
            fields: string[];
            /**
             * Format: int64
             * @description The record's version after this change
             */
            version: number;
        };
        /** RedactedFeedEvent */
        RedactedFeedEvent: {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @description A public event type. */
            type: string;
            /** @description Only the payload's ids and version: personal data of an erased contact was removed from it. */
            data: {
                [key: string]: unknown;
            };
            /**
             * @description Personal data of an erased contact was removed from it.
             * @constant
             */
            redacted: true;
        };
        /** FeedEvent */
        FeedEvent: {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "billing.subscription.complimentary_ended";
            data: components["schemas"]["SubscriptionComplimentaryEndedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "billing.subscription.ended";
            data: components["schemas"]["SubscriptionEndedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "billing.subscription.started";
            data: components["schemas"]["SubscriptionStartedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "billing.subscription.updated";
            data: components["schemas"]["SubscriptionUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.activity.created";
            data: components["schemas"]["ActivityCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.activity.deleted";
            data: components["schemas"]["ActivityDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.activity.recorded";
            data: components["schemas"]["ActivityRecordedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.activity.updated";
            data: components["schemas"]["ActivityUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.company.created";
            data: components["schemas"]["CompanyCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.company.deleted";
            data: components["schemas"]["CompanyDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.company.merged";
            data: components["schemas"]["CompanyMergedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.company.purged";
            data: components["schemas"]["CompanyPurgedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.company.restored";
            data: components["schemas"]["CompanyRestoredData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.company.updated";
            data: components["schemas"]["CompanyUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.created";
            data: components["schemas"]["ContactCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.deleted";
            data: components["schemas"]["ContactDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.erased";
            data: components["schemas"]["ContactErasedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.merged";
            data: components["schemas"]["ContactMergedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.purged";
            data: components["schemas"]["ContactPurgedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.restored";
            data: components["schemas"]["ContactRestoredData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.contact.updated";
            data: components["schemas"]["ContactUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.custom_field.created";
            data: components["schemas"]["CustomFieldCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.custom_field.updated";
            data: components["schemas"]["CustomFieldUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.deal.created";
            data: components["schemas"]["DealCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.deal.deleted";
            data: components["schemas"]["DealDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.deal.updated";
            data: components["schemas"]["DealUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.duplicate_group.dismissed";
            data: components["schemas"]["DuplicateGroupDismissedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.lead_source.created";
            data: components["schemas"]["LeadSourceCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.lead_source.deleted";
            data: components["schemas"]["LeadSourceDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.lead_source.seeded";
            data: components["schemas"]["LeadSourceSeededData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.lead_source.updated";
            data: components["schemas"]["LeadSourceUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.meeting.created";
            data: components["schemas"]["MeetingCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.meeting.deleted";
            data: components["schemas"]["MeetingDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.meeting.updated";
            data: components["schemas"]["MeetingUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline_stage.created";
            data: components["schemas"]["PipelineStageCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline_stage.deleted";
            data: components["schemas"]["PipelineStageDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline_stage.seeded";
            data: components["schemas"]["PipelineStageSeededData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline_stage.updated";
            data: components["schemas"]["PipelineStageUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline.created";
            data: components["schemas"]["PipelineCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline.deleted";
            data: components["schemas"]["PipelineDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline.seeded";
            data: components["schemas"]["PipelineSeededData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.pipeline.updated";
            data: components["schemas"]["PipelineUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.saved_view.created";
            data: components["schemas"]["SavedViewCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.saved_view.deleted";
            data: components["schemas"]["SavedViewDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.saved_view.updated";
            data: components["schemas"]["SavedViewUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.task.created";
            data: components["schemas"]["TaskCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.task.deleted";
            data: components["schemas"]["TaskDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "crm.task.updated";
            data: components["schemas"]["TaskUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "documents.document.completed";
            data: components["schemas"]["DocumentCompletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "documents.document.created";
            data: components["schemas"]["DocumentCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "documents.document.deleted";
            data: components["schemas"]["DocumentDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "documents.document.moved";
            data: components["schemas"]["DocumentMovedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.member.added";
            data: components["schemas"]["MemberAddedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.member.updated";
            data: components["schemas"]["MemberUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.role.created";
            data: components["schemas"]["RoleCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.role.deleted";
            data: components["schemas"]["RoleDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.role.updated";
            data: components["schemas"]["RoleUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.workspace.created";
            data: components["schemas"]["WorkspaceCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "identity.workspace.updated";
            data: components["schemas"]["WorkspaceUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.campaign.created";
            data: components["schemas"]["CampaignCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.campaign.deleted";
            data: components["schemas"]["CampaignDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.campaign.updated";
            data: components["schemas"]["CampaignUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.spend.deleted";
            data: components["schemas"]["SpendDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.spend.recorded";
            data: components["schemas"]["SpendRecordedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.spend.updated";
            data: components["schemas"]["SpendUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.touchpoint.moved";
            data: components["schemas"]["TouchpointMovedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.touchpoint.recorded";
            data: components["schemas"]["TouchpointRecordedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.web_form.created";
            data: components["schemas"]["WebFormCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.web_form.submitted";
            data: components["schemas"]["WebFormSubmittedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "marketing.web_form.updated";
            data: components["schemas"]["WebFormUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "reports.report_pin.pinned";
            data: components["schemas"]["ReportPinPinnedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "reports.report_pin.unpinned";
            data: components["schemas"]["ReportPinUnpinnedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "reports.saved_report.created";
            data: components["schemas"]["SavedReportCreatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "reports.saved_report.deleted";
            data: components["schemas"]["SavedReportDeletedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | {
            /** @description The event's id: the webhook-id of its deliveries */
            id: string;
            /**
             * Format: date-time
             * @description When it occurred
             */
            timestamp: string;
            /** @constant */
            type: "reports.saved_report.updated";
            data: components["schemas"]["SavedReportUpdatedData"];
            /**
             * @description The payload is whole.
             * @constant
             */
            redacted: false;
        } | components["schemas"]["RedactedFeedEvent"];
        /** EventFeed */
        EventFeed: {
            data: components["schemas"]["FeedEvent"][];
            /** @description The `after` of the next page, also on the last one: poll with it later. */
            next_cursor: string;
            has_more: boolean;
        };
        SubscriptionComplimentaryEndedEvent: {
            /** @constant */
            type: "billing.subscription.complimentary_ended";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SubscriptionComplimentaryEndedData"];
        };
        SubscriptionEndedEvent: {
            /** @constant */
            type: "billing.subscription.ended";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SubscriptionEndedData"];
        };
        SubscriptionStartedEvent: {
            /** @constant */
            type: "billing.subscription.started";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SubscriptionStartedData"];
        };
        SubscriptionUpdatedEvent: {
            /** @constant */
            type: "billing.subscription.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SubscriptionUpdatedData"];
        };
        ActivityCreatedEvent: {
            /** @constant */
            type: "crm.activity.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ActivityCreatedData"];
        };
        ActivityDeletedEvent: {
            /** @constant */
            type: "crm.activity.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ActivityDeletedData"];
        };
        ActivityRecordedEvent: {
            /** @constant */
            type: "crm.activity.recorded";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ActivityRecordedData"];
        };
        ActivityUpdatedEvent: {
            /** @constant */
            type: "crm.activity.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ActivityUpdatedData"];
        };
        CompanyCreatedEvent: {
            /** @constant */
            type: "crm.company.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CompanyCreatedData"];
        };
        CompanyDeletedEvent: {
            /** @constant */
            type: "crm.company.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CompanyDeletedData"];
        };
        CompanyMergedEvent: {
            /** @constant */
            type: "crm.company.merged";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CompanyMergedData"];
        };
        CompanyPurgedEvent: {
            /** @constant */
            type: "crm.company.purged";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CompanyPurgedData"];
        };
        CompanyRestoredEvent: {
            /** @constant */
            type: "crm.company.restored";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CompanyRestoredData"];
        };
        CompanyUpdatedEvent: {
            /** @constant */
            type: "crm.company.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CompanyUpdatedData"];
        };
        ContactCreatedEvent: {
            /** @constant */
            type: "crm.contact.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactCreatedData"];
        };
        ContactDeletedEvent: {
            /** @constant */
            type: "crm.contact.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactDeletedData"];
        };
        ContactErasedEvent: {
            /** @constant */
            type: "crm.contact.erased";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactErasedData"];
        };
        ContactMergedEvent: {
            /** @constant */
            type: "crm.contact.merged";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactMergedData"];
        };
        ContactPurgedEvent: {
            /** @constant */
            type: "crm.contact.purged";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactPurgedData"];
        };
        ContactRestoredEvent: {
            /** @constant */
            type: "crm.contact.restored";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactRestoredData"];
        };
        ContactUpdatedEvent: {
            /** @constant */
            type: "crm.contact.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ContactUpdatedData"];
        };
        CustomFieldCreatedEvent: {
            /** @constant */
            type: "crm.custom_field.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CustomFieldCreatedData"];
        };
        CustomFieldUpdatedEvent: {
            /** @constant */
            type: "crm.custom_field.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CustomFieldUpdatedData"];
        };
        DealCreatedEvent: {
            /** @constant */
            type: "crm.deal.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DealCreatedData"];
        };
        DealDeletedEvent: {
            /** @constant */
            type: "crm.deal.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DealDeletedData"];
        };
        DealUpdatedEvent: {
            /** @constant */
            type: "crm.deal.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DealUpdatedData"];
        };
        DuplicateGroupDismissedEvent: {
            /** @constant */
            type: "crm.duplicate_group.dismissed";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DuplicateGroupDismissedData"];
        };
        LeadSourceCreatedEvent: {
            /** @constant */
            type: "crm.lead_source.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["LeadSourceCreatedData"];
        };
        LeadSourceDeletedEvent: {
            /** @constant */
            type: "crm.lead_source.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["LeadSourceDeletedData"];
        };
        LeadSourceSeededEvent: {
            /** @constant */
            type: "crm.lead_source.seeded";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["LeadSourceSeededData"];
        };
        LeadSourceUpdatedEvent: {
            /** @constant */
            type: "crm.lead_source.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["LeadSourceUpdatedData"];
        };
        MeetingCreatedEvent: {
            /** @constant */
            type: "crm.meeting.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["MeetingCreatedData"];
        };
        MeetingDeletedEvent: {
            /** @constant */
            type: "crm.meeting.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["MeetingDeletedData"];
        };
        MeetingUpdatedEvent: {
            /** @constant */
            type: "crm.meeting.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["MeetingUpdatedData"];
        };
        PipelineStageCreatedEvent: {
            /** @constant */
            type: "crm.pipeline_stage.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineStageCreatedData"];
        };
        PipelineStageDeletedEvent: {
            /** @constant */
            type: "crm.pipeline_stage.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineStageDeletedData"];
        };
        PipelineStageSeededEvent: {
            /** @constant */
            type: "crm.pipeline_stage.seeded";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineStageSeededData"];
        };
        PipelineStageUpdatedEvent: {
            /** @constant */
            type: "crm.pipeline_stage.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineStageUpdatedData"];
        };
        PipelineCreatedEvent: {
            /** @constant */
            type: "crm.pipeline.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineCreatedData"];
        };
        PipelineDeletedEvent: {
            /** @constant */
            type: "crm.pipeline.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineDeletedData"];
        };
        PipelineSeededEvent: {
            /** @constant */
            type: "crm.pipeline.seeded";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineSeededData"];
        };
        PipelineUpdatedEvent: {
            /** @constant */
            type: "crm.pipeline.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["PipelineUpdatedData"];
        };
        SavedViewCreatedEvent: {
            /** @constant */
            type: "crm.saved_view.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SavedViewCreatedData"];
        };
        SavedViewDeletedEvent: {
            /** @constant */
            type: "crm.saved_view.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SavedViewDeletedData"];
        };
        SavedViewUpdatedEvent: {
            /** @constant */
            type: "crm.saved_view.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SavedViewUpdatedData"];
        };
        TaskCreatedEvent: {
            /** @constant */
            type: "crm.task.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["TaskCreatedData"];
        };
        TaskDeletedEvent: {
            /** @constant */
            type: "crm.task.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["TaskDeletedData"];
        };
        TaskUpdatedEvent: {
            /** @constant */
            type: "crm.task.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["TaskUpdatedData"];
        };
        DocumentCompletedEvent: {
            /** @constant */
            type: "documents.document.completed";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DocumentCompletedData"];
        };
        DocumentCreatedEvent: {
            /** @constant */
            type: "documents.document.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DocumentCreatedData"];
        };
        DocumentDeletedEvent: {
            /** @constant */
            type: "documents.document.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DocumentDeletedData"];
        };
        DocumentMovedEvent: {
            /** @constant */
            type: "documents.document.moved";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["DocumentMovedData"];
        };
        MemberAddedEvent: {
            /** @constant */
            type: "identity.member.added";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["MemberAddedData"];
        };
        MemberUpdatedEvent: {
            /** @constant */
            type: "identity.member.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["MemberUpdatedData"];
        };
        RoleCreatedEvent: {
            /** @constant */
            type: "identity.role.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["RoleCreatedData"];
        };
        RoleDeletedEvent: {
            /** @constant */
            type: "identity.role.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["RoleDeletedData"];
        };
        RoleUpdatedEvent: {
            /** @constant */
            type: "identity.role.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["RoleUpdatedData"];
        };
        WorkspaceCreatedEvent: {
            /** @constant */
            type: "identity.workspace.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["WorkspaceCreatedData"];
        };
        WorkspaceUpdatedEvent: {
            /** @constant */
            type: "identity.workspace.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["WorkspaceUpdatedData"];
        };
        CampaignCreatedEvent: {
            /** @constant */
            type: "marketing.campaign.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CampaignCreatedData"];
        };
        CampaignDeletedEvent: {
            /** @constant */
            type: "marketing.campaign.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CampaignDeletedData"];
        };
        CampaignUpdatedEvent: {
            /** @constant */
            type: "marketing.campaign.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["CampaignUpdatedData"];
        };
        SpendDeletedEvent: {
            /** @constant */
            type: "marketing.spend.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SpendDeletedData"];
        };
        SpendRecordedEvent: {
            /** @constant */
            type: "marketing.spend.recorded";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SpendRecordedData"];
        };
        SpendUpdatedEvent: {
            /** @constant */
            type: "marketing.spend.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SpendUpdatedData"];
        };
        TouchpointMovedEvent: {
            /** @constant */
            type: "marketing.touchpoint.moved";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["TouchpointMovedData"];
        };
        TouchpointRecordedEvent: {
            /** @constant */
            type: "marketing.touchpoint.recorded";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["TouchpointRecordedData"];
        };
        WebFormCreatedEvent: {
            /** @constant */
            type: "marketing.web_form.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["WebFormCreatedData"];
        };
        WebFormSubmittedEvent: {
            /** @constant */
            type: "marketing.web_form.submitted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["WebFormSubmittedData"];
        };
        WebFormUpdatedEvent: {
            /** @constant */
            type: "marketing.web_form.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["WebFormUpdatedData"];
        };
        ReportPinPinnedEvent: {
            /** @constant */
            type: "reports.report_pin.pinned";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ReportPinPinnedData"];
        };
        ReportPinUnpinnedEvent: {
            /** @constant */
            type: "reports.report_pin.unpinned";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["ReportPinUnpinnedData"];
        };
        SavedReportCreatedEvent: {
            /** @constant */
            type: "reports.saved_report.created";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SavedReportCreatedData"];
        };
        SavedReportDeletedEvent: {
            /** @constant */
            type: "reports.saved_report.deleted";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SavedReportDeletedData"];
        };
        SavedReportUpdatedEvent: {
            /** @constant */
            type: "reports.saved_report.updated";
            /**
             * Format: date-time
             * @description When the event occurred (ISO 8601 UTC)
             */
            timestamp: string;
            data: components["schemas"]["SavedReportUpdatedData"];
        };
    };
    responses: {
        /** @description The request is invalid (`validation_failed`); the message names the field. */
        400: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing, invalid, expired or revoked token (`unauthenticated`). */
        401: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller lacks the permission, the admin role or the plan (`forbidden`, `plan_required`). */
        403: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record in this workspace (`not_found`); another workspace’s record answers 404 too. */
        404: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A rule of the domain is broken (`conflict` or a more specific code from docs/errors.md), a request with the same Idempotency-Key is still running (`request_in_progress`), or its kept answer named a person erased since (`idempotency_answer_erased`). */
        409: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The record changed since the ETag If-Match names (`precondition_failed`). */
        412: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is larger than the operation accepts: 1 MiB once decoded unless its description says otherwise (`payload_too_large`); `file_too_large` for a document over the plan’s file size. */
        413: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body has a Content-Encoding other than gzip, deflate or br (`unsupported_media_type`); see the Accept-Encoding header. */
        415: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request cannot be processed as sent; `idempotency_key_reused` when its Idempotency-Key was used for a different request. */
        422: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests (`rate_limited`); retry after the Retry-After header. */
        429: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A dependency is unavailable (`unavailable`); retry shortly. */
        503: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
        IdempotencyKey: string;
        /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
        IfMatch: string;
        /** @description The record’s ETag as last read: 304 without a body while the answer would be the same. */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description A strong entity tag of the answer: the record’s version and a digest of the body. Send it back in If-None-Match (304 while unchanged) or If-Match (412 when the record changed); see docs/concurrency.md. */
        ETag: string;
        /** @description `true` on an answer replayed for a retry with the same Idempotency-Key. */
        IdempotentReplayed: "true";
        /** @description What is left of the policy nearest to exhaustion: `"<policy>";r=<quota units left>;t=<seconds until the window starts again>` (draft-ietf-httpapi-ratelimit-headers, a Structured Field list). See docs/rate-limits.md. */
        RateLimit: string;
        /** @description The policies this request counts against: `"workspace";q=6000;w=60, "token";q=1200;w=60` (quota units per window of `w` seconds), or `"address";q=…;w=60` on the paths reached without a token. */
        RateLimitPolicy: string;
        /** @description Seconds until the refusing policy’s window starts again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getActivities: {
        parameters: {
            query: {
                limit?: number;
                cursor?: string;
                target_type: "company" | "contact" | "deal";
                target_id: string;
                /** @description For a company: also the entries of its contacts. */
                include_contacts?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A record's timeline, newest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postActivities: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityCreate"];
            };
        };
        responses: {
            /** @description Add a note or log a call */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Activity"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the API keys of the workspace */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description Create an API key */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteApiKeysById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an API key */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getAuditLog: {
        parameters: {
            query?: {
                source?: "all" | "admin" | "record";
                /** @description Only entries strictly older than this instant. */
                before?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit log of the workspace, newest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogPage"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postAuthSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignIn"];
            };
        };
        responses: {
            /** @description Sign in with email and password */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postAuthSignOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description End the calling session */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postAuthSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUp"];
            };
        };
        responses: {
            /** @description Create an account and sign in */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignUpResult"];
                };
            };
            400: components["responses"]["400"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postAuthSwitchWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceSwitch"];
            };
        };
        responses: {
            /** @description Move the calling session to another workspace of the person */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getBilling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's plan, seats, limits, subscription and invoices */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Billing"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postBillingCheckout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckoutCreate"];
            };
        };
        responses: {
            /** @description A hosted checkout address for upgrading to Standard */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedUrl"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postBillingPortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment provider's customer portal */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedUrl"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCampaigns: {
        parameters: {
            query?: {
                /** @description Part of the name, any case. */
                q?: string;
                status?: "planned" | "active" | "ended";
                source_id?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List campaigns */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postCampaigns: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignCreate"];
            };
        };
        responses: {
            /** @description Create a campaign */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCampaignsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The record’s ETag as last read: 304 without a body while the answer would be the same. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A campaign with its totals */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            /** @description Not modified: the record is still at the version If-None-Match names (no body). */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteCampaignsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a campaign */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchCampaignsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignUpdate"];
            };
        };
        responses: {
            /** @description Change a campaign */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCampaignsByIdSpend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A campaign's spend lines */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignSpendList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postCampaignsByIdSpend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignSpendCreate"];
            };
        };
        responses: {
            /** @description Record spend lines */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignSpendRecorded"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteCampaignsByIdSpendBySpendId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                spend_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a spend line */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCompanies: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page, for the same sort. */
                cursor?: string;
                /** @description Prefix of the name, domain, account number or postcode, any case. */
                q?: string;
                /** @description me, none or a member id. */
                owner?: string;
                /** @description A JSON object of scalar values, matched by equality per key (null matches a missing key too). */
                custom?: string;
                kind?: "lead" | "account";
                stage_id?: string;
                pipeline_id?: string;
                source_id?: string;
                campaign_id?: string;
                /** @description true lists the recycle bin. */
                deleted?: boolean;
                sort?: "created_desc" | "created_asc" | "name_asc" | "name_desc" | "updated_desc";
                /** @description Offset paging: answers total, not next_cursor. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List companies */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postCompanies: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyCreate"];
            };
        };
        responses: {
            /** @description Create a company */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCompaniesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The record’s ETag as last read: 304 without a body while the answer would be the same. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a company */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description Not modified: the record is still at the version If-None-Match names (no body). */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteCompaniesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Move a company to the recycle bin */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchCompaniesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyUpdate"];
            };
        };
        responses: {
            /** @description Change a company */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postCompaniesByIdMerge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyMerge"];
            };
        };
        responses: {
            /** @description Merge other companies into this one */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyMergeResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postCompaniesBulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyBulkAction"];
            };
        };
        responses: {
            /** @description Move, reassign, delete or restore up to 200 companies */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyBulkResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCompaniesCounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many companies each list tab holds */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyCounts"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getContacts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                q?: string;
                company_id?: string;
                /** @description A manager's direct reports. */
                reports_to_id?: string;
                /** @description me, or a member id (GET /members). */
                owner?: string;
                custom?: string;
                deleted?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List contacts, newest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postContacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactCreate"];
            };
        };
        responses: {
            /** @description Create a contact */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getContactsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The record’s ETag as last read: 304 without a body while the answer would be the same. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a contact */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description Not modified: the record is still at the version If-None-Match names (no body). */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteContactsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Move a contact to the recycle bin */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchContactsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactUpdate"];
            };
        };
        responses: {
            /** @description Change a contact */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postContactsByIdErase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactErasure"];
            };
        };
        responses: {
            /** @description Erase a contact's personal data for good */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactErased"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postContactsByIdMerge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMerge"];
            };
        };
        responses: {
            /** @description Merge other contacts into this one */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMergeResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getContactsByIdPersonalData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything held about a contact, for a subject access request */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalData"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postContactsByIdRestore: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Bring a contact back from the recycle bin */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getCustomFields: {
        parameters: {
            query?: {
                object?: "company" | "contact" | "deal";
                include_archived?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List custom fields in display order */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postCustomFields: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldCreate"];
            };
        };
        responses: {
            /** @description Define a custom field */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomField"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchCustomFieldsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldUpdate"];
            };
        };
        responses: {
            /** @description Relabel, reorder, archive a custom field or change its options */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomField"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDeals: {
        parameters: {
            query?: {
                pipeline_id?: string;
                stage_id?: string;
                company_id?: string;
                campaign_id?: string;
                /** @description me or a member id. */
                owner?: string;
                /** @description A JSON object of scalar values, matched by equality per key (null matches a missing key too). */
                custom?: string;
                status?: "open" | "won" | "lost";
                /** @description Prefix of the name, any case. */
                q?: string;
                /** @description close_asc lists deals without expected_close last. */
                sort?: "close_asc" | "value_desc" | "created_desc" | "updated_desc";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List deals */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DealList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postDeals: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DealCreate"];
            };
        };
        responses: {
            /** @description Create a deal */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deal"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDealsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The record’s ETag as last read: 304 without a body while the answer would be the same. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a deal */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deal"];
                };
            };
            /** @description Not modified: the record is still at the version If-None-Match names (no body). */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteDealsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a deal */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchDealsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DealUpdate"];
            };
        };
        responses: {
            /** @description Change a deal */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deal"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDealsForecast: {
        parameters: {
            query?: {
                /** @description A deal pipeline of the workspace. */
                pipeline_id?: string;
                /** @description me or a member id. */
                owner?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pipeline forecast */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DealForecast"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDocuments: {
        parameters: {
            query: {
                target_type: "company" | "contact";
                target_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the files of a company or contact */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postDocuments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentCreate"];
            };
        };
        responses: {
            /** @description Start uploading a file */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentUpload"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteDocumentsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a file */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postDocumentsByIdComplete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Complete an upload */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDocumentsByIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A download link */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentDownload"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDocumentsUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Storage used and the quota */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentUsage"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getDuplicates: {
        parameters: {
            query: {
                object: "company" | "contact";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List groups of likely duplicates */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateGroupList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postDuplicatesDismiss: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DuplicateDismissal"];
            };
        };
        responses: {
            /** @description Stop suggesting a group of likely duplicates */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page; from the oldest kept event when omitted */
                after?: string;
                /** @description Comma-separated event types or patterns (crm.deal.*); all public types when omitted */
                types?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's events, in order */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventFeed"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Export the workspace as a ZIP of CSV files */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postImportCompanies: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyImport"];
            };
        };
        responses: {
            /** @description Import companies, each with an optional contact */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getIntegrationsCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar providers and the caller's connections */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarIntegration"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteIntegrationsCalendarByProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                provider: "provider_a" | "provider_b";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnect a calendar */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postIntegrationsCalendarByProviderConnect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                provider: "provider_a" | "provider_b";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Start connecting a calendar */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarSignIn"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the pending invitations of the workspace */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postInvitations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreate"];
            };
        };
        responses: {
            /** @description Invite a person by email with a role */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteInvitationsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke a pending invitation */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postInvitationsAccept: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationAcceptance"];
            };
        };
        responses: {
            /** @description Accept an invitation as the signed-in person */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptedInvitation"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getLeadSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List lead sources */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadSourceList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postLeadSources: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadSourceCreate"];
            };
        };
        responses: {
            /** @description Add a lead source */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadSourceAdmin"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteLeadSourcesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete an unused lead source */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchLeadSourcesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadSourceUpdate"];
            };
        };
        responses: {
            /** @description Rename a lead source or change its channel */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadSourceAdmin"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who the request acts as */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeUpdate"];
            };
        };
        responses: {
            /** @description Change your own profile */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getMeEmailLogging: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your personal address for logging emails */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailLogging"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postMeEmailVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mail a new link that verifies your email address */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailVerificationSent"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postMePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a one-time link to change your password */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChangeLink"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getMeetings: {
        parameters: {
            query?: {
                from?: string;
                /** @description After from. */
                to?: string;
                company_id?: string;
                mine?: boolean;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List meetings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postMeetings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingCreate"];
            };
        };
        responses: {
            /** @description Create a meeting */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Meeting"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getMeetingsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description The record’s ETag as last read: 304 without a body while the answer would be the same. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a meeting */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Meeting"];
                };
            };
            /** @description Not modified: the record is still at the version If-None-Match names (no body). */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchMeetingsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingUpdate"];
            };
        };
        responses: {
            /** @description Change a meeting */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Meeting"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the members of the workspace */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchMembersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The member's id as GET /members shows it (the person's id). A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberUpdate"];
            };
        };
        responses: {
            /** @description Change a member's role or status */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getNotifications: {
        parameters: {
            query?: {
                limit?: number;
                /** @description true: only unread ones. */
                unread?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your notifications in this workspace, newest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postNotificationsRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NotificationsRead"];
            };
        };
        responses: {
            /** @description Mark your notifications read */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnreadNotifications"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postOnboarding: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OnboardingCreate"];
            };
        };
        responses: {
            /** @description Create a workspace and switch the session to it */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getOnboardingWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the workspaces the signed-in person belongs to */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingWorkspaceList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPipelineStages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the stages of every pipeline */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PipelineStageList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPipelineStages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineStageCreate"];
            };
        };
        responses: {
            /** @description Add a stage at the end of a pipeline */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PipelineStageAdmin"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deletePipelineStagesById: {
        parameters: {
            query?: {
                /** @description A stage of the same pipeline. */
                move_to?: string;
            };
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a stage, moving its companies to another stage */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchPipelineStagesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineStageUpdate"];
            };
        };
        responses: {
            /** @description Rename a stage, change its kind or probability */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PipelineStageAdmin"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPipelines: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List pipelines with their stages and company counts */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PipelineList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPipelines: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineCreate"];
            };
        };
        responses: {
            /** @description Add a pipeline with its stages */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pipeline"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deletePipelinesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a pipeline and its stages */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchPipelinesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineUpdate"];
            };
        };
        responses: {
            /** @description Rename a pipeline, make it the default or reorder its stages */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pipeline"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicBillingSimulatorCheckoutBySessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Hosted checkout of the simulated payment provider */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPublicBillingSimulatorCheckoutBySessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Pay on the simulated hosted checkout */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicBillingSimulatorPortalBySessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Customer portal of the simulated payment provider */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPublicBillingSimulatorPortalBySessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Change the subscription in the simulated portal */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPublicBillingWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Receive the payment provider's webhook */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingWebhookReceipt"];
                };
            };
            400: components["responses"]["400"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicEmailVerificationsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What an email verification link is for, while it can be used */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailVerificationLink"];
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPublicEmailVerificationsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Verify an email address with a mailed link */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicFilesById: {
        parameters: {
            query?: {
                workspace_id?: string;
                size?: string;
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Download a file's bytes (signed URL) */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["400"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    putPublicFilesById: {
        parameters: {
            query?: {
                workspace_id?: string;
                size?: string;
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Upload a file's bytes (signed URL) */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicFilesExportsById: {
        parameters: {
            query?: {
                workspace_id?: string;
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Download a workspace export (signed URL) */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["400"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPublicFormsByKey: {
        parameters: {
            query?: {
                /** @description The page's utm_campaign, when the form was posted without it. */
                utm_campaign?: string;
            };
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebFormSubmission"];
                "application/x-www-form-urlencoded": components["schemas"]["WebFormSubmission"];
            };
        };
        responses: {
            /** @description Submit a web form (public) */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebFormSubmitted"];
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicIntegrationsCalendarByProviderCallback: {
        parameters: {
            query: {
                state: string;
                code?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path: {
                provider: "provider_a" | "provider_b";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the provider returns a member after sign-in */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnected"];
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicInvitationsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a mailed invitation link is, while it is open */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationLink"];
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getPublicPasswordResetsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a password change link is for, while it can be used */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetLink"];
                };
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postPublicPasswordResetsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordReset"];
            };
        };
        responses: {
            /** @description Set a new password with a mailed link */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            404: components["responses"]["404"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getRecent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the records the caller visited lately */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchHitList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postRecent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecentView"];
            };
        };
        responses: {
            /** @description Note that the caller visited a record */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsFields: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report catalogue */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportCatalogue"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsMarketing: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                group?: "campaign" | "source" | "channel";
                model?: "first" | "last" | "linear";
                campaign_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Marketing performance with attribution */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketingReport"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsPipeline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Companies per stage of the default company pipeline */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PipelineReport"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postReportsRecords: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportRecordsQuery"];
            };
        };
        responses: {
            /** @description The records behind one row of a report */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportRecords"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postReportsRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportDefinition"];
            };
        };
        responses: {
            /** @description Run a report */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportRunResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsSales: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                /** @description me or a member id */
                owner?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sales performance */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SalesReport"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsSaved: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's saved reports and the shared ones */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedReportList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postReportsSaved: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedReportCreate"];
            };
        };
        responses: {
            /** @description Save a report */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedReport"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteReportsSavedById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a saved report */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchReportsSavedById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedReportUpdate"];
            };
        };
        responses: {
            /** @description Change a saved report */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedReport"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    putReportsSavedByIdPin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pin a saved report to the caller's Home page */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteReportsSavedByIdPin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Take a saved report off the caller's Home page */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsSavedByIdRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Run a saved report */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedReportRunResult"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getReportsSummary: {
        parameters: {
            query?: {
                pipeline_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Summary of companies, deals and tasks */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryReport"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the roles of the workspace and the permission names */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postRoles: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleCreate"];
            };
        };
        responses: {
            /** @description Create a custom role */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteRolesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete an unused custom role */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchRolesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleUpdate"];
            };
        };
        responses: {
            /** @description Rename a custom role or change its permissions */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getSavedViews: {
        parameters: {
            query?: {
                object?: "company" | "contact" | "deal";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the caller's saved views and the shared ones */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedViewList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postSavedViews: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewCreate"];
            };
        };
        responses: {
            /** @description Save a view of a list */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteSavedViewsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a saved view */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchSavedViewsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewUpdate"];
            };
        };
        responses: {
            /** @description Rename a saved view, change its filters or share it */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedView"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getSearch: {
        parameters: {
            query: {
                /** @description What to look for, 1 to 100 characters. */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Find companies and contacts */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchHitList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getTasks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description me, any or a member id. */
                assignee?: string;
                status?: "open" | "done" | "cancelled";
                target_type?: "company" | "contact" | "deal";
                target_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List tasks, due soonest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postTasks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskCreate"];
            };
        };
        responses: {
            /** @description Create a task */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchTasksById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskUpdate"];
            };
        };
        responses: {
            /** @description Change a task */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getTouchpoints: {
        parameters: {
            query?: {
                campaign_id?: string;
                contact_id?: string;
                company_id?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List touchpoints */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TouchpointList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postTouchpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TouchpointBatch"];
            };
        };
        responses: {
            /** @description Record touchpoints */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TouchpointsRecorded"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getWebForms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List web forms */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebFormList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postWebForms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebFormCreate"];
            };
        };
        responses: {
            /** @description Create a web form */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebForm"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchWebFormsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebFormUpdate"];
            };
        };
        responses: {
            /** @description Change a web form */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebForm"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            412: components["responses"]["412"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's webhook endpoints */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description Add a webhook endpoint */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a webhook endpoint */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchWebhooksById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description Change a webhook endpoint or rotate its secret */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookUpdated"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endpoint's deliveries, newest first */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postWebhooksByIdDeliveriesByDeliveryIdRetry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliver again now */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    postWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a test delivery */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            404: components["responses"]["404"];
            409: components["responses"]["409"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace and its settings */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    patchWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceUpdate"];
            };
        };
        responses: {
            /** @description Rename the workspace or change its settings */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["400"];
            401: components["responses"]["401"];
            403: components["responses"]["403"];
            409: components["responses"]["409"];
            413: components["responses"]["413"];
            415: components["responses"]["415"];
            422: components["responses"]["422"];
            429: components["responses"]["429"];
            503: components["responses"]["503"];
        };
    };
    event_billing_subscription_complimentary_ended: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionComplimentaryEndedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_billing_subscription_ended: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionEndedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_billing_subscription_started: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionStartedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_billing_subscription_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_activity_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_activity_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_activity_recorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityRecordedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_activity_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_company_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_company_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_company_merged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyMergedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_company_purged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyPurgedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_company_restored: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyRestoredEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_company_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_erased: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactErasedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_merged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMergedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_purged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactPurgedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_restored: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactRestoredEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_contact_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_custom_field_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_custom_field_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_deal_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DealCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_deal_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DealDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_deal_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DealUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_duplicate_group_dismissed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DuplicateGroupDismissedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_lead_source_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadSourceCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_lead_source_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadSourceDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_lead_source_seeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadSourceSeededEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_lead_source_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadSourceUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_meeting_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_meeting_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_meeting_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MeetingUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_stage_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineStageCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_stage_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineStageDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_stage_seeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineStageSeededEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_stage_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineStageUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_seeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineSeededEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_pipeline_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PipelineUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_saved_view_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_saved_view_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_saved_view_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedViewUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_task_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_task_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_crm_task_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_documents_document_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_documents_document_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_documents_document_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_documents_document_moved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentMovedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_member_added: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberAddedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_member_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_role_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_role_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_role_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_workspace_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_identity_workspace_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_campaign_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_campaign_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_campaign_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_spend_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpendDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_spend_recorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpendRecordedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_spend_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpendUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_touchpoint_moved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TouchpointMovedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_touchpoint_recorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TouchpointRecordedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_web_form_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebFormCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_web_form_submitted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebFormSubmittedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_marketing_web_form_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebFormUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_reports_report_pin_pinned: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportPinPinnedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_reports_report_pin_unpinned: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportPinUnpinnedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_reports_saved_report_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedReportCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_reports_saved_report_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedReportDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_reports_saved_report_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every retry and in GET /v1/events */
                "webhook-id": string;
                /** @description Seconds since the epoch when this attempt was signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedReportUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any other answer, or none within the timeout, is retried with backoff for up to three days. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
