import type { EventContract, EventData, PayloadOf } from '@crm/protos';
import type { AuditSource } from '../audit-entry.model';

// How the audit log reads the events of one contract. The contracts (protos/events/) say what an
// event is; the sentences are the audit log's, so they live here, typed by the contract's payload.

// A function of the payload. Written as a method, so a reading typed by its contract's payload
// joins the list of every reading: it is only ever given the events of its own contract.
type Of<Data, Result> = { read(data: Data): Result }['read'];

export interface AuditReading<Data = EventData> {
  // admin: workspace administration (members, roles, keys, settings); record: business records.
  source: AuditSource;
  // Defaults to the record's entity and id.
  objectType?: string;
  objectId?: Of<Data, string | null>;
  // A payload field (e.g. `name`) or a function; null when the entry must not name the object.
  objectName: (keyof Data & string) | Of<Data, string | null> | null;
  // `{field}` placeholders are replaced by the payload's values, e.g. `Created API key "{name}"`;
  // a function is for sentences that depend on what changed.
  summary: string | Of<Data, string>;
  // The event removes a person's data: earlier entries about the same object lose their names.
  erasesObject?: boolean;
}

// Not audited: a person's own comings and goings (sign-ins), not changes to a workspace.
export type AuditRule<Data = EventData> = AuditReading<Data> | 'not_audited';

export interface ContractReading {
  contract: EventContract;
  rule: AuditRule;
}

export function reads<Contract extends EventContract>(
  contract: Contract,
  rule: AuditRule<PayloadOf<Contract>>,
): ContractReading {
  return { contract, rule };
}

export interface AuditReadings {
  get(type: string): ContractReading | undefined;
  all(): readonly ContractReading[];
}

export function auditReadings(...lists: ReadonlyArray<readonly ContractReading[]>): AuditReadings {
  const byType = new Map<string, ContractReading>();
  for (const reading of lists.flat()) {
    if (byType.has(reading.contract.type)) throw new Error(`the audit reading of ${reading.contract.type} is twice`);
    byType.set(reading.contract.type, reading);
  }
  return { get: (type) => byType.get(type), all: () => [...byType.values()] };
}
