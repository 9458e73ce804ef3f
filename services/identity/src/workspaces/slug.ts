import { randomBytes } from 'node:crypto';
import type { ClientSession, Connection } from 'mongoose';
import { workspaceModel } from './workspace.model';

const MAX_SLUG_LENGTH = 40;
const NUMBERED_CANDIDATES = 20;

// "Acme Café & Co." -> "acme-cafe-co"; a name with no usable letters becomes "workspace".
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'workspace';
}

// The first free of base, base-2, base-3, ...; past those, a random suffix. The unique index
// settles races: the caller retries on a duplicate slug.
export async function pickSlug(connection: Connection, name: string, transaction?: ClientSession): Promise<string> {
  const base = slugify(name);
  const candidates = [base, ...Array.from({ length: NUMBERED_CANDIDATES - 1 }, (_, index) => `${base}-${index + 2}`)];
  const taken = await workspaceModel(connection)
    .find({ slug: { $in: candidates } }, { slug: 1 })
    .session(transaction ?? null)
    .lean<Array<{ slug: string }>>()
    .exec();
  const takenSlugs = new Set(taken.map((workspace) => workspace.slug));
  return candidates.find((candidate) => !takenSlugs.has(candidate)) ?? `${base}-${randomBytes(4).toString('hex')}`;
}
