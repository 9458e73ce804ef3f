// What an operation costs against the rate limits (docs/rate-limits.md), keyed by the contract's
// "METHOD /path/{template}" (the same keys as the permission matrix, `OPERATIONS`). Every operation
// not listed costs DEFAULT_OPERATION_COST. An operation costs more when one request does the work of
// many: it touches up to hundreds of records, reads the whole workspace or runs an aggregation.
// The gateway charges these, and its merged OpenAPI document publishes them (`x-rate-limit-cost`).

export const OPERATION_COSTS: Readonly<Record<string, number>> = {
  // The whole workspace as a ZIP.
  'POST /export': 100,
  // Up to 10,000 rows in one spreadsheet.
  'POST /import/companies': 50,
  // Up to 200 companies in one request.
  'POST /companies/bulk': 10,
  // A merge moves every related record (contacts, deals, activities, files) to the survivor.
  'POST /companies/{id}/merge': 5,
  'POST /contacts/{id}/merge': 5,
  // Erasure reaches every service that holds the contact's personal data.
  'POST /contacts/{id}/erase': 5,
  'GET /contacts/{id}/personal-data': 5,
  // Full-text search and the duplicate scan read across the workspace's records.
  'GET /search': 5,
  'GET /duplicates': 5,
  // Reports aggregate over the workspace's records on every run.
  'POST /reports/run': 10,
  'GET /reports/saved/{id}/run': 10,
  'POST /reports/records': 5,
  'GET /reports/pipeline': 5,
  'GET /reports/summary': 5,
  'GET /reports/marketing': 5,
  'GET /reports/sales': 5,
  'GET /deals/forecast': 5,
};
