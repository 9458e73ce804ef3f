import { Type } from '@sinclair/typebox';
import {
  EVENT_CONTRACTS,
  apiKeyCreated,
  contractRegistry,
  defineEvent,
  payloadProblem,
  recordStateOf,
  roleDeleted,
} from '../events';

const apiKey = {
  api_key_id: 'k1',
  name: 'Nightly sync',
  kind: 'integration',
  prefix: 'crm_ak_abcd1234',
  role_id: 'r1',
  role: 'Sales',
  created_by: 'u1',
  expires_at: null,
  revoked_at: null,
  version: 1,
};

describe('event contracts', () => {
  it('declares each type once, named <context>.<entity>.<verb>, about the entity its name says', () => {
    const contracts = EVENT_CONTRACTS.all();
    expect(contracts.length).toBeGreaterThan(0);
    expect(new Set(contracts.map((contract) => contract.type)).size).toBe(contracts.length);
    for (const contract of contracts) {
      const [, entity] = contract.type.split('.');
      expect(contract.record.entity).toBe(entity);
      expect(contract.payload.properties).toHaveProperty(contract.record.idField);
      expect(contract.payload.properties).toHaveProperty('version');
      expect(contract.payload.additionalProperties).toBe(false);
    }
  });

  it('accepts a conforming payload and names what is wrong with another', () => {
    expect(payloadProblem(apiKeyCreated, apiKey)).toBeUndefined();
    expect(payloadProblem(apiKeyCreated, { ...apiKey, key: 'crm_ak_secret' })).toMatch(/identity.api_key.created/);
    const { version: _version, ...withoutVersion } = apiKey;
    expect(payloadProblem(apiKeyCreated, withoutVersion)).toMatch(/version/);
    expect(payloadProblem(apiKeyCreated, { ...apiKey, version: 0 })).toMatch(/version/);
  });

  it('never declares a field that looks like a secret', () => {
    const secretish = /(^|_)(token|digest|password|hash|secret|key)$/;
    for (const contract of EVENT_CONTRACTS.all()) {
      expect(Object.keys(contract.payload.properties).filter((field) => secretish.test(field))).toEqual([]);
    }
    expect(() =>
      defineEvent({
        type: 'test.thing.created',
        description: 'x',
        record: { entity: 'thing', idField: 'thing_id' },
        payload: { thing_id: Type.String(), token_digest: Type.String() },
      }),
    ).toThrow(/token_digest looks like a secret/);
  });

  it('refuses a malformed declaration and a type declared twice', () => {
    const declare = (type: string, entity = 'thing') =>
      defineEvent({
        type,
        description: 'x',
        record: { entity, idField: 'thing_id' },
        payload: { thing_id: Type.String() },
      });
    expect(() => declare('test.Thing.created')).toThrow(/lower snake case/);
    expect(() => declare('test.thing.created', 'other')).toThrow(/entity must be thing/);
    expect(() => contractRegistry([declare('test.thing.created')], [declare('test.thing.created')])).toThrow(
      /declared twice/,
    );
  });

  it("reads an event's record state for projections; a deletion has no state", () => {
    expect(
      recordStateOf(EVENT_CONTRACTS, { type: 'identity.api_key.created', workspace_id: 'w1', data: apiKey }),
    ).toEqual({
      id: 'k1',
      workspace_id: 'w1',
      version: 1,
      state: apiKey,
    });
    const deleted = { role_id: 'r1', name: 'Closers', permissions: [], version: 3 };
    expect(recordStateOf(EVENT_CONTRACTS, { type: roleDeleted.type, workspace_id: 'w1', data: deleted })).toEqual({
      id: 'r1',
      workspace_id: 'w1',
      version: 3,
      state: null,
    });
    expect(
      recordStateOf(EVENT_CONTRACTS, { type: 'crm.company.created', workspace_id: 'w1', data: {} }),
    ).toBeUndefined();
  });
});
