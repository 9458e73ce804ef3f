export type EngineProbe =
  { readonly available: true; readonly engine: string } | { readonly available: false; readonly reason: string };

export function probeContainerEngine(options?: { dockerHost?: string; timeoutMs?: number }): Promise<EngineProbe>;

// The one line said when the container suite does not run.
export function skipLine(probe: Extract<EngineProbe, { available: false }>): string;
