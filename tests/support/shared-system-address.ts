// Where the shared test systems answer (shared-systems-setup.ts), one per jest worker, in the
// environment the workers inherit.
export const SHARED_SYSTEMS_ENV = 'CRM_SHARED_TEST_SYSTEMS';

export interface SharedSystemAddress {
  // The API base, `http://127.0.0.1:<port>/v1`.
  url: string;
  // Its data folder, where its local mailbox is.
  dataDir: string;
}
