import { traceFrom } from '../trace-context';

describe('trace context', () => {
  it("continues a client's trace with the gateway's own span as the parent", () => {
    const trace = traceFrom('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(trace.continued).toBe(true);
    expect(trace.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(trace.spanId).not.toBe('00f067aa0ba902b7');
    expect(trace.traceparent).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${trace.spanId}-01`);
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'hello'],
    ['upper-case hex', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01'],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero parent id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`],
    ['version ff', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['version 00 with extra fields', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra'],
  ])('starts a new trace for %s', (_label, header) => {
    const trace = traceFrom(header);
    expect(trace.continued).toBe(false);
    expect(trace.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(trace.traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('reads a future version as far as version 00 goes', () => {
    expect(traceFrom('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-future').traceparent).toMatch(
      /^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-00$/,
    );
  });
});
