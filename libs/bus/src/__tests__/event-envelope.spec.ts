import { isUuid, runWithContext } from '@crm/kit';
import { InvalidEnvelopeError, envelopeProblem, makeEvent, parseEnvelope, serializeEnvelope } from '../event-envelope';
import { topicMatches } from '../topic-pattern';
import { buildEvent } from './helpers';

describe('event envelope', () => {
  test('makeEvent fills a v7 id, version 1 and an ISO timestamp', () => {
    const event = makeEvent({
      type: 'identity.api_key.created',
      workspace_id: 'w1',
      actor: null,
      data: { label: 'ci' },
    });
    expect(isUuid(event.id)).toBe(true);
    expect(event.id[14]).toBe('7');
    expect(event.version).toBe(1);
    expect(event.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(event).toMatchObject({
      type: 'identity.api_key.created',
      workspace_id: 'w1',
      actor: null,
      data: { label: 'ci' },
    });
  });

  test('occurred_at strictly increases and keeps to the clock through a burst of 100,000 events', () => {
    const make = () => makeEvent({ type: 'crm.company.created', workspace_id: 'w1', actor: null, data: {} });
    const before = Date.now();
    let previous = make().occurred_at;
    let outOfOrder = 0;
    for (let index = 0; index < 100_000; index++) {
      const next = make().occurred_at;
      if (!(next > previous)) outOfOrder += 1;
      previous = next;
    }
    expect(outOfOrder).toBe(0);
    // A millisecond apiece would put the last 100 s ahead; a microsecond apiece, 0.1 s at most.
    expect(Date.parse(previous)).toBeLessThanOrEqual(Date.now() + 150);
    expect(Date.parse(previous)).toBeGreaterThanOrEqual(before);
  });

  test('parseEnvelope takes occurred_at with milliseconds, as publishers before microseconds sent it', () => {
    const event = { ...buildEvent(), occurred_at: '2026-11-27T15:18:23.123Z' };
    expect(parseEnvelope(Buffer.from(serializeEnvelope(event)))).toEqual(event);
    expect(envelopeProblem({ ...event, occurred_at: '2026-11-27T15:18:23.1234Z' })).toMatch(/occurred_at/);
  });

  test('makeEvent refuses a type that is not <context>.<entity>.<verb>', () => {
    for (const type of ['company.created', 'Crm.company.created', 'crm.company.created.now', 'crm..created', '']) {
      expect(() => makeEvent({ type, workspace_id: null, actor: null, data: {} })).toThrow(InvalidEnvelopeError);
    }
  });

  test('parseEnvelope round-trips a serialized event', () => {
    const event = buildEvent();
    expect(parseEnvelope(Buffer.from(serializeEnvelope(event)))).toEqual(event);
  });

  test.each([
    ['not JSON', '{"id":'],
    ['an array', '[]'],
    ['a bad id', JSON.stringify({ ...buildEvent(), id: 'abc' })],
    ['a bad type', JSON.stringify({ ...buildEvent(), type: 'created' })],
    ['a bad version', JSON.stringify({ ...buildEvent(), version: 0 })],
    ['a bad actor type', JSON.stringify({ ...buildEvent(), actor: { type: 'robot', id: null, label: null } })],
    ['a bad workspace id', JSON.stringify({ ...buildEvent(), workspace_id: 7 })],
    ['a local timestamp', JSON.stringify({ ...buildEvent(), occurred_at: '2024-01-01 10:00' })],
    ['no data', JSON.stringify({ ...buildEvent(), data: undefined })],
  ])('parseEnvelope rejects %s', (_name, body) => {
    expect(() => parseEnvelope(body)).toThrow(InvalidEnvelopeError);
  });
});

describe('topic patterns', () => {
  test.each([
    ['crm.company.created', 'crm.company.created', true],
    ['crm.*.created', 'crm.company.created', true],
    ['crm.*.created', 'crm.company.updated', false],
    ['crm.*', 'crm.company.created', false],
    ['crm.#', 'crm.company.created', true],
    ['crm.#', 'crm', true],
    ['crm.#', 'identity.member.added', false],
    ['#', 'identity.member.added', true],
    ['#.created', 'crm.company.created', true],
    ['#.created', 'crm.company.updated', false],
    ['crm.#.created', 'crm.created', true],
    ['*.*.*', 'crm.company.created', true],
    ['*.*', 'crm.company.created', false],
  ])('%s against %s is %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});

describe('occurred_at', () => {
  it('is strictly increasing within a process, even within one millisecond', () => {
    const times = Array.from(
      { length: 50 },
      () => makeEvent({ type: 'identity.role.created', workspace_id: null, actor: null, data: {} }).occurred_at,
    );
    for (let i = 1; i < times.length; i += 1) expect(times[i] > times[i - 1]).toBe(true);
  });

  test("makeEvent carries the request's traceparent, and leaves out one that is malformed", () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const inRequest = (value: string) =>
      runWithContext({ request_id: 'r1', workspace_id: 'w1', traceparent: value }, () =>
        makeEvent({ type: 'identity.role.created', workspace_id: 'w1', actor: null, data: {} }),
      );
    expect(inRequest(traceparent).traceparent).toBe(traceparent);
    expect(parseEnvelope(serializeEnvelope(inRequest(traceparent))).traceparent).toBe(traceparent);
    expect(inRequest('not a trace')).not.toHaveProperty('traceparent');
    expect(makeEvent({ type: 'identity.role.created', workspace_id: null, actor: null, data: {} })).not.toHaveProperty(
      'traceparent',
    );
    expect(envelopeProblem({ ...inRequest(traceparent), traceparent: 'zz' })).toMatch(/traceparent/);
  });
});
