import { unary, type GrpcRegistration } from '@crm/kit';
import { crmCoreLeadsV1 } from '@crm/protos';
import { captureLead } from './lead-capture';
import { matchRecords } from './lead-match';
import { getLeadSources } from './lead-sources';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

// What marketing asks of crm-core: who a touchpoint is about, and a web form submission as a lead.
export function crmLeadsGrpc(runtime: CrmCoreRuntime): GrpcRegistration {
  const { context } = runtime;
  const implementation: crmCoreLeadsV1.CrmLeadsServiceServer = {
    matchRecords: unary<crmCoreLeadsV1.MatchRecordsRequest, crmCoreLeadsV1.MatchRecordsResponse>(
      context.logger,
      (request) => matchRecords(context, request),
    ),
    getLeadSources: unary<crmCoreLeadsV1.GetLeadSourcesRequest, crmCoreLeadsV1.GetLeadSourcesResponse>(
      context.logger,
      (request) => getLeadSources(runtime, request),
    ),
    captureLead: unary<crmCoreLeadsV1.CaptureLeadRequest, crmCoreLeadsV1.CaptureLeadResponse>(
      context.logger,
      (request) => captureLead(runtime, request),
    ),
  };
  return { definition: crmCoreLeadsV1.CrmLeadsServiceService, implementation };
}
