import { unary, type GrpcRegistration } from '@crm/kit';
import { crmCoreLeadsV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { captureLead } from './lead-capture';
import { matchRecords } from './lead-match';
import { getLeadSources } from './lead-sources';

// What marketing asks of crm-core: who a touchpoint is about, and a web form submission as a lead.
export function crmLeadsGrpc(context: ServiceContext): GrpcRegistration {
  const implementation: crmCoreLeadsV1.CrmLeadsServiceServer = {
    matchRecords: unary<crmCoreLeadsV1.MatchRecordsRequest, crmCoreLeadsV1.MatchRecordsResponse>(
      context.logger,
      (request) => matchRecords(context, request),
    ),
    getLeadSources: unary<crmCoreLeadsV1.GetLeadSourcesRequest, crmCoreLeadsV1.GetLeadSourcesResponse>(
      context.logger,
      (request) => getLeadSources(context, request),
    ),
    captureLead: unary<crmCoreLeadsV1.CaptureLeadRequest, crmCoreLeadsV1.CaptureLeadResponse>(
      context.logger,
      (request) => captureLead(context, request),
    ),
  };
  return { definition: crmCoreLeadsV1.CrmLeadsServiceService, implementation };
}
