import type { Implementation } from './operation';

export interface RouteMatch {
  implementation: Implementation;
  params: Record<string, string>;
}

export type RouteLookup =
  { kind: 'found'; match: RouteMatch } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'none' };

interface Template {
  // Literal segments as written, `null` where a parameter stands.
  segments: Array<string | null>;
  names: string[];
  literals: number;
  byMethod: Map<string, Implementation>;
}

// Routes compiled once at start: exact, case-sensitive, no trailing slash. A literal template
// wins over a parameter at the same place (`/deals/forecast` before `/deals/{id}`). HEAD is
// answered as GET, so it is checked as GET.
export class OperationRouter {
  private readonly templates = new Map<string, Template>();
  private readonly bySegmentCount = new Map<number, Template[]>();

  constructor(implementations: readonly Implementation[]) {
    for (const implementation of implementations) {
      const { method, path } = implementation.declaration;
      const segments = path.split('/').slice(1);
      const key = segments.map((segment) => (segment.startsWith('{') ? '{}' : segment)).join('/');
      const names = segments.filter((segment) => segment.startsWith('{')).map((segment) => segment.slice(1, -1));
      let template = this.templates.get(key);
      if (!template) {
        template = {
          segments: segments.map((segment) => (segment.startsWith('{') ? null : segment)),
          names,
          literals: segments.filter((segment) => !segment.startsWith('{')).length,
          byMethod: new Map(),
        };
        this.templates.set(key, template);
        const sameLength = this.bySegmentCount.get(segments.length) ?? [];
        sameLength.push(template);
        sameLength.sort((a, b) => b.literals - a.literals);
        this.bySegmentCount.set(segments.length, sameLength);
      } else if (names.join('/') !== template.names.join('/')) {
        throw new Error(`${method} ${path}: parameter names differ from another operation on the same path`);
      }
      if (template.byMethod.has(method)) throw new Error(`${method} ${path} is declared twice`);
      template.byMethod.set(method, implementation);
    }
  }

  // `path` is relative to /v1.
  lookup(method: string, path: string): RouteLookup {
    const segments = path.split('/').slice(1);
    if (segments.some((segment) => segment.length === 0)) return { kind: 'none' };
    const wanted = method === 'HEAD' ? 'GET' : method;
    let allowed: string[] | undefined;
    for (const template of this.bySegmentCount.get(segments.length) ?? []) {
      const params: Record<string, string> = {};
      let matches = true;
      let parameter = 0;
      for (let i = 0; i < segments.length; i++) {
        const literal = template.segments[i];
        if (literal === null) {
          params[template.names[parameter++]] = safeDecode(segments[i]);
        } else if (literal !== segments[i]) {
          matches = false;
          break;
        }
      }
      if (!matches) continue;
      const implementation = template.byMethod.get(wanted);
      if (implementation) return { kind: 'found', match: { implementation, params } };
      allowed ??= [...template.byMethod.keys()];
    }
    return allowed ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
