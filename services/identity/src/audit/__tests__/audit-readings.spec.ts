import { apiKeyCreated, dealUpdated, EVENT_CONTRACTS } from '@crm/protos';
import { AUDIT_READINGS, auditReadings, reads } from '../readings';

describe('audit readings', () => {
  it('reads every declared event, each by its own contract, and no other', () => {
    const declared = EVENT_CONTRACTS.all();
    expect(AUDIT_READINGS.all().map(({ contract }) => contract.type)).toEqual(
      expect.arrayContaining(declared.map((contract) => contract.type)),
    );
    expect(AUDIT_READINGS.all()).toHaveLength(declared.length);
    for (const { contract } of AUDIT_READINGS.all()) expect(EVENT_CONTRACTS.get(contract.type)).toBe(contract);
  });

  it('names only fields of the payload, in the object name and in the placeholders of a sentence', () => {
    const unknownFields: string[] = [];
    for (const { contract, rule } of AUDIT_READINGS.all()) {
      if (rule === 'not_audited') continue;
      const fields = new Set(Object.keys(contract.payload.properties));
      const named = [
        ...(typeof rule.objectName === 'string' ? [rule.objectName] : []),
        ...(typeof rule.summary === 'string' ? [...rule.summary.matchAll(/\{([a-z0-9_]+)\}/g)].map((m) => m[1]) : []),
      ];
      unknownFields.push(...named.filter((field) => !fields.has(field)).map((field) => `${contract.type} ${field}`));
    }
    expect(unknownFields).toEqual([]);
  });

  it('refuses a type read twice', () => {
    const reading = reads(apiKeyCreated, { source: 'admin', objectName: 'name', summary: 'Created API key' });
    expect(() => auditReadings([reading], [reading])).toThrow(/identity.api_key.created/);
  });

  it("types a reading by its contract's payload", () => {
    reads(dealUpdated, {
      source: 'record',
      // @ts-expect-error: a deal has no field `title`
      objectName: 'title',
      summary: 'Updated a deal',
    });
    reads(dealUpdated, {
      source: 'record',
      objectName: (data) => data.name,
      // @ts-expect-error: a deal has no field `title`
      summary: (data) => `Updated deal ${data.title}`,
    });
  });
});
