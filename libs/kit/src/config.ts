// Typed configuration read once from the environment and validated at start.
// A bad value fails fast naming the variable; secrets are never echoed back.

export interface VariableSpec<T, HasDefault extends boolean = boolean> {
  parse(raw: string, name: string): T;
  default?: T;
  secret?: boolean;
  description?: string;
  // Type-level only: whether a default makes the value always present.
  readonly hasDefault?: HasDefault;
}

interface SpecOptions<T> {
  default?: T;
  secret?: boolean;
  description?: string;
}

type SpecFor<T, O> = VariableSpec<T, O extends { default: T } ? true : false>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function spec<T>(parse: (raw: string, name: string) => T) {
  return <O extends SpecOptions<T> = Record<never, never>>(options?: O): SpecFor<T, O> => ({ parse, ...options });
}

export const str = spec((raw) => raw);

export const int = <O extends SpecOptions<number> & { min?: number; max?: number }>(options: O = {} as O) =>
  spec<number>((raw, name) => {
    const value = Number(raw);
    if (!Number.isInteger(value)) throw new ConfigError(`${name} must be an integer`);
    if (options.min !== undefined && value < options.min) throw new ConfigError(`${name} must be >= ${options.min}`);
    if (options.max !== undefined && value > options.max) throw new ConfigError(`${name} must be <= ${options.max}`);
    return value;
  })(options);

export const bool = spec<boolean>((raw, name) => {
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false`);
});

export const url = <O extends SpecOptions<string> & { protocols?: string[] }>(options: O = {} as O) =>
  spec<string>((raw, name) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(`${name} must be a URL`);
    }
    if (options.protocols && !options.protocols.includes(parsed.protocol.replace(/:$/, ''))) {
      throw new ConfigError(`${name} must use ${options.protocols.join(' or ')}`);
    }
    return raw;
  })(options);

// A PEM key may be given with literal "\n" sequences (common in env files).
export const pem = spec<string>((raw, name) => {
  const value = raw.replace(/\\n/g, '\n');
  if (!value.includes('-----BEGIN')) throw new ConfigError(`${name} must be a PEM key`);
  return value;
});

type Specs = Record<string, VariableSpec<unknown>>;
type Parsed<S extends Specs> = {
  [K in keyof S]: S[K] extends VariableSpec<infer T, true>
    ? T
    : S[K] extends VariableSpec<infer T>
      ? T | undefined
      : never;
};

export function loadConfig<S extends Specs>(specs: S, env: NodeJS.ProcessEnv = process.env): Parsed<S> {
  const result: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(specs)) {
    const raw = env[name];
    // Set to nothing (or only blanks, as a template may leave it) is not set.
    if (raw === undefined || raw.trim() === '') {
      result[name] = variable.default;
      continue;
    }
    result[name] = variable.parse(raw, name);
  }
  return result as Parsed<S>;
}

export function requireValue<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new ConfigError(`${name} is required`);
  return value;
}
