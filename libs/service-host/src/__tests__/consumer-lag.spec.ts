import type { Logger } from '@crm/kit';
import { ConsumerLagWatch } from '../consumer-lag';

function recordingLogger() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message });
  return { lines, logger: { warn: at('warn'), info: at('info') } as unknown as Logger };
}

describe('the consumer lag watch', () => {
  const start = Date.parse('2026-11-27T10:00:00.000Z');
  const at = (ms: number) => ({ occurred_at: new Date(start + ms).toISOString() });

  it('says once when a consumer falls more than a minute behind, and once when it has caught up', () => {
    let now = start;
    const { lines, logger } = recordingLogger();
    const watch = new ConsumerLagWatch(logger, () => now);

    now = start + 30_000;
    watch.observe('crm-core.search-index', [at(0)]);
    expect(lines).toEqual([]);

    now = start + 90_000;
    watch.observe('crm-core.search-index', [at(20_000), at(0)]);
    now = start + 100_000;
    watch.observe('crm-core.search-index', [at(10_000)]);
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { consumer: 'crm-core.search-index', behind_seconds: 90 },
        message: 'event consumer is more than a minute behind',
      },
    ]);

    now = start + 130_000;
    watch.observe('crm-core.search-index', [at(127_000)]);
    watch.observe('crm-core.search-index', [at(129_000)]);
    expect(lines.slice(1)).toEqual([
      {
        level: 'info',
        fields: { consumer: 'crm-core.search-index', behind_seconds: 3, caught_up_after_seconds: 40 },
        message: 'event consumer caught up',
      },
    ]);
  });

  it('watches each consumer on its own', () => {
    const now = start + 120_000;
    const { lines, logger } = recordingLogger();
    const watch = new ConsumerLagWatch(logger, () => now);

    watch.observe('identity.audit', [at(0)]);
    watch.observe('reports.read-model', [at(119_000)]);

    expect(lines.map((line) => line.fields.consumer)).toEqual(['identity.audit']);
  });
});
