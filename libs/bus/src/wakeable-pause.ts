// A pause that ends after `ms`, or as soon as `wake()` is called (new work, a stop): how the relay
// and the job worker wait between rounds.
export function wakeablePause(ms: number): { ended: Promise<void>; wake: () => void } {
  let wake = (): void => undefined;
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(end, ms);
    function end() {
      clearTimeout(timer);
      resolve();
    }
    wake = end;
  });
  return { ended, wake };
}
