// A stable key from a label: `Annual revenue` → `annual_revenue`. Accents are dropped, anything
// else that is not a letter or digit becomes one underscore; a label with none gives `field`.
export function keyFromLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50)
    .replace(/_+$/, '');
  return slug || 'field';
}

// The first of base, base_2, base_3, … not already taken.
export function freeKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
