import { findOperation } from '@crm/protos';

// A value per contract operation ("METHOD /path/{template}", paths relative to /v1), looked up by a
// request's method and concrete path. Built once; a lookup tries only the templates of the
// request's method and first path segment, so the few listed operations cost every other request
// a map lookup or two. Where a listed template matches a path that the contract gives to another
// operation (`/deals/forecast` against `/deals/{id}`), the permission matrix's matching decides.
interface Candidate<T> {
  template: string;
  pattern: RegExp;
  literals: number;
  value: T;
}

export class OperationTable<T> {
  private readonly byMethod = new Map<string, Map<string, Candidate<T>[]>>();
  readonly size: number;

  constructor(entries: Iterable<readonly [operation: string, value: T]>) {
    let size = 0;
    for (const [operation, value] of entries) {
      const space = operation.indexOf(' ');
      const method = operation.slice(0, space);
      const template = operation.slice(space + 1);
      if (space < 1 || !template.startsWith('/')) throw new Error(`'${operation}' is not "METHOD /path"`);
      const segment = template.split('/')[1];
      if (segment.startsWith('{')) throw new Error(`'${operation}' must start with a literal segment`);
      const bySegment = this.byMethod.get(method) ?? new Map<string, Candidate<T>[]>();
      this.byMethod.set(method, bySegment);
      const candidates = bySegment.get(segment) ?? [];
      bySegment.set(segment, candidates);
      candidates.push({
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
        literals: template.split('/').filter((part) => part && !part.startsWith('{')).length,
        value,
      });
      size += 1;
    }
    this.size = size;
  }

  // `path` relative to /v1 (`/companies/1f…/merge`).
  lookup(method: string, path: string): T | undefined {
    const bySegment = this.byMethod.get(method);
    if (bySegment === undefined) return undefined;
    const end = path.indexOf('/', 1);
    const candidates = bySegment.get(end === -1 ? path.slice(1) : path.slice(1, end));
    if (candidates === undefined) return undefined;
    let best: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if (candidate.pattern.test(path) && (best === undefined || candidate.literals > best.literals)) best = candidate;
    }
    if (best === undefined) return undefined;
    // Only for a listed operation's paths, so rare: another template of the contract may be the
    // better match.
    if (best.literals < best.template.split('/').length - 1) {
      const operation = findOperation(method, path);
      if (operation !== undefined && operation.path !== best.template) return undefined;
    }
    return best.value;
  }
}
