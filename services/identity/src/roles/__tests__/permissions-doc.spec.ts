import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_ROLES } from '../built-in-roles';
import { renderPermissionsDoc } from './render-permissions';

const docPath = join(__dirname, '..', '..', '..', '..', '..', 'docs', 'permissions.md');

describe('docs/permissions.md', () => {
  it('shows users the permission matrix and the built-in roles exactly as the code enforces them', () => {
    const rendered = renderPermissionsDoc(BUILT_IN_ROLES);
    if (process.env.UPDATE_DOCS) writeFileSync(docPath, rendered);
    expect(readFileSync(docPath, 'utf8')).toBe(rendered);
  });
});
