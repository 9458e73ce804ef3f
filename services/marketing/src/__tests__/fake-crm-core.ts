import { randomUUID } from 'node:crypto';
import { createLogger, unary } from '@crm/kit';
import { crmCoreLeadsV1 } from '@crm/protos';
import { startFakePeer } from '@crm/testing';

// crm-core's side of CaptureLead for marketing's service tests, answering as the test says: a
// lead, or an error thrown as crm-core throws it (an AppError crosses the wire with its code and
// message, as crm-core's handlers send it).
export interface FakeCrmCore {
  address: string;
  // Leads asked for, in order.
  asked: crmCoreLeadsV1.CaptureLeadRequest[];
  captureLead: (request: crmCoreLeadsV1.CaptureLeadRequest) => crmCoreLeadsV1.CaptureLeadResponse;
  stop(): Promise<void>;
}

export async function startFakeCrmCore(): Promise<FakeCrmCore> {
  const fake = {
    asked: [] as crmCoreLeadsV1.CaptureLeadRequest[],
    captureLead: (_request: crmCoreLeadsV1.CaptureLeadRequest): crmCoreLeadsV1.CaptureLeadResponse => {
      throw new Error('the test did not say how crm-core answers');
    },
  };
  const peer = await startFakePeer([
    {
      definition: crmCoreLeadsV1.CrmLeadsServiceService,
      implementation: {
        captureLead: unary<crmCoreLeadsV1.CaptureLeadRequest, crmCoreLeadsV1.CaptureLeadResponse>(
          createLogger('crm-core', process.env.TEST_LOG_LEVEL ?? 'error'),
          async (request) => {
            fake.asked.push(request);
            return fake.captureLead(request);
          },
        ),
      },
    },
  ]);
  return Object.assign(fake, peer);
}

// crm-core's answer for a lead it made: a new company and contact.
export function madeLead(): crmCoreLeadsV1.CaptureLeadResponse {
  return {
    company_id: randomUUID(),
    company_name: 'NewCo',
    company_created: true,
    contact_id: randomUUID(),
    contact_name: 'Lee',
    contact_created: true,
  };
}
