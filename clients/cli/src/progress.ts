import { SingleBar } from 'cli-progress';

// Progress of a long task: a bar with rate and time left on a terminal, a plain line per step
// otherwise (logs, CI), so output piped to a file stays readable.
export interface Progress {
  update(done: number): void;
  stop(): void;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function progress(
  label: string,
  total: number,
  unit: string,
  options: { tty?: boolean; initial?: number; format?: (n: number) => string } = {},
): Progress {
  const tty = options.tty ?? Boolean(process.stdout.isTTY);
  const format = options.format ?? ((n: number) => String(n));
  const start = Date.now();
  // Rate and time left count this run's work only (a resumed import starts part done).
  const initial = options.initial ?? 0;
  const rate = (done: number) => (done - initial) / Math.max(0.001, (Date.now() - start) / 1000);
  if (tty) {
    const bar = new SingleBar({
      format: `${label} [{bar}] {percentage}% | {done}/{all} ${unit} | {speed} ${unit}/s | {left} left`,
      barCompleteChar: '█',
      barIncompleteChar: '░',
      hideCursor: true,
      etaBuffer: 20,
    });
    const payload = (done: number) => ({
      done: format(done),
      all: format(total),
      speed: format(Math.round(rate(done))),
      left: done > initial ? formatDuration((total - done) / rate(done)) : '?',
    });
    bar.start(total, initial, payload(initial));
    return {
      update: (done) => bar.update(done, payload(done)),
      stop: () => bar.stop(),
    };
  }
  return {
    update(done) {
      const speed = rate(done);
      const left = done < total && done > initial ? `, about ${formatDuration((total - done) / speed)} left` : '';
      process.stdout.write(
        `${label}: ${format(done)}/${format(total)} ${unit} (${Math.round((done / Math.max(1, total)) * 100)}%), ${format(Math.round(speed))} ${unit}/s${left}\n`,
      );
    },
    stop() {},
  };
}
