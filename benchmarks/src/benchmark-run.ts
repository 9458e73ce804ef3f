import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

// What every benchmark does around its own figures: a fresh folder for the system's data, the
// machine's load printed beside the figures (the machine may be shared with other work), and at
// the end, however the run ends, the system stopped, the folder removed and a failure's error
// printed with a failing exit code. Benchmarks print figures; they never pass or fail on time.

// A system a benchmark started: in this process (startSystem) or in a child (startChildSystem).
export interface StartedSystem {
  stop(): Promise<void>;
  // At once, when the run is interrupted: a system in a child process would outlive it. What it
  // leaves elsewhere (a broker's queues) goes before the run exits.
  kill?(): void | Promise<void>;
}

export interface BenchmarkRun {
  // A fresh folder for the system's data and the benchmark's own files, removed at the end.
  readonly dataDir: string;
  // Stopped when the run ends; a benchmark that restarts the system hands over each new one.
  // A function, not a method: benchmarks take it out of the run they are given.
  readonly stopAtEnd: <T extends StartedSystem>(system: T) => T;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export function runBenchmark(name: string, body: (run: BenchmarkRun) => Promise<void>): void {
  const loadBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-bench-`));
  let system: StartedSystem | undefined;
  // Retried (ENOTEMPTY and the like): a file may still be written as the system finishes stopping.
  const removeData = () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  // Interrupted (Ctrl-C, a timeout): the system and its data go too.
  const interrupted = () => {
    void Promise.resolve(system?.kill?.())
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        removeData();
        process.exit(130);
      });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const run: BenchmarkRun = {
    dataDir,
    stopAtEnd: (started) => {
      system = started;
      return started;
    },
  };
  const finish = async (): Promise<unknown[]> => {
    const failures: unknown[] = [];
    try {
      await body(run);
      console.log(
        `machine: ${cpus().length} cores, load average (1, 5, 15 min) ${loadBefore} before the run, ${loadAverage()} after (shared with other work: figures vary)`,
      );
    } catch (error) {
      failures.push(error);
    }
    // Each step of the clean-up on its own, so none hides another's failure or the run's.
    try {
      await system?.stop();
    } catch (error) {
      failures.push(error);
    }
    try {
      removeData();
    } catch (error) {
      failures.push(error);
    }
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    return failures;
  };
  void finish().then((failures) => {
    for (const failure of failures) console.error(failure);
    if (failures.length > 0) process.exitCode = 1;
  });
}
