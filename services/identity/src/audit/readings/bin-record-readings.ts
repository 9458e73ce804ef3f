import type { EventContract, EventData } from '@crm/protos';
import { reads, type ContractReading } from './audit-reading';

// Companies and contacts read alike: created, updated, deleted to the recycle bin, restored from
// it, merged (the survivor's event, `source_ids` the others) and purged from the bin.
export interface BinRecordContracts {
  created: EventContract;
  updated: EventContract;
  deleted: EventContract;
  restored: EventContract;
  merged: EventContract;
  purged: EventContract;
}

export interface BinRecordNoun {
  // `company`, `contact`
  one: string;
  // `companies`, `contacts`
  many: string;
}

export function binRecordReadings(
  contracts: BinRecordContracts,
  noun: BinRecordNoun,
  nameOf: (data: EventData) => string | null,
): ContractReading[] {
  const named =
    (verb: string, after = '') =>
    (data: EventData) => {
      const name = nameOf(data);
      return `${verb} ${name === null ? `a ${noun.one}` : `${noun.one} "${name}"`}${after}`;
    };
  const merged = (data: EventData) => {
    const count = Array.isArray(data.source_ids) ? data.source_ids.length : 0;
    const name = nameOf(data);
    return `Merged ${count} ${count === 1 ? noun.one : noun.many} into ${name === null ? `a ${noun.one}` : `"${name}"`}`;
  };
  const record = { source: 'record' as const, objectName: nameOf };
  return [
    reads(contracts.created, { ...record, summary: named('Created') }),
    reads(contracts.updated, { ...record, summary: named('Updated') }),
    reads(contracts.deleted, { ...record, summary: named('Deleted') }),
    reads(contracts.restored, { ...record, summary: named('Restored') }),
    reads(contracts.merged, { ...record, summary: merged }),
    reads(contracts.purged, { ...record, summary: named('Purged', ' from the recycle bin') }),
  ];
}
