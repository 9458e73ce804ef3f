// Generated gRPC contracts, one namespace per versioned proto package.
export * as identityV1 from './gen/crm/identity/v1/identity';
export * as marketingV1 from './gen/crm/marketing/v1/marketing';
export * as crmCoreV1 from './gen/crm/crm_core/v1/records';
export * as crmCoreLeadsV1 from './gen/crm/crm_core/v1/leads';
export * as replayV1 from './gen/crm/replay/v1/replay';
export * as documentsV1 from './gen/crm/documents/v1/documents';
export * as healthV1 from './gen/grpc/health/v1/health';
// The REST contract's operations and what each needs (the permission matrix).
export * from './rest/operations';
// The error codes of each service's contract, and the published order of every code.
export * from './rest/errors';
// The plans and their limits (a product rule billing, documents and the matrix share).
export * from './rest/plans';
// Every service's operations as their declarations state them: access, cost, limits, routes.
export * from './rest/operation-manifest';
// Event contracts: type names, payload schemas, the record each is about, how each is audited.
export * from './events';
