import { fileUrl, verifyFileUrl, type FileGrant } from '../signed-url';

const KEY = 'k'.repeat(40);
const OLD_KEY = 'o'.repeat(40);
const grant: FileGrant = {
  method: 'PUT',
  document_id: '0193a5f0-0000-7000-8000-000000000001',
  workspace_id: '0193a5f0-0000-7000-8000-000000000002',
  size_bytes: 1234,
  expires: 2_000_000_000,
};
const NOW = (grant.expires - 60) * 1000;

function presented(url: string, method = 'PUT') {
  const parsed = new URL(url);
  return { method, document_id: parsed.pathname.split('/').pop()!, ...Object.fromEntries(parsed.searchParams) };
}

describe('signed file URLs', () => {
  const url = fileUrl('https://crm.example.com', KEY, grant);

  it('grants exactly what was signed, until it expires', () => {
    expect(url).toMatch(
      /^https:\/\/crm\.example\.com\/v1\/public\/files\/0193a5f0-0000-7000-8000-000000000001\?workspace_id=.+&size=1234&expires=2000000000&signature=[\w-]{43}$/,
    );
    expect(verifyFileUrl([KEY], presented(url), NOW)).toEqual(grant);
    expect(verifyFileUrl([KEY], presented(url), grant.expires * 1000)).toBeNull();
  });

  it('refuses any change to what was signed', () => {
    const changed = (name: string, value: string) => {
      const parsed = new URL(url);
      parsed.searchParams.set(name, value);
      return presented(parsed.toString());
    };
    expect(verifyFileUrl([KEY], presented(url, 'GET'), NOW)).toBeNull();
    expect(
      verifyFileUrl([KEY], { ...presented(url), document_id: '0193a5f0-0000-7000-8000-000000000003' }, NOW),
    ).toBeNull();
    expect(verifyFileUrl([KEY], changed('workspace_id', '0193a5f0-0000-7000-8000-000000000004'), NOW)).toBeNull();
    expect(verifyFileUrl([KEY], changed('size', '1235'), NOW)).toBeNull();
    expect(verifyFileUrl([KEY], changed('size', '01234'), NOW)).toBeNull();
    expect(verifyFileUrl([KEY], changed('expires', '2000000001'), NOW)).toBeNull();
    expect(verifyFileUrl([KEY], changed('signature', 'A'.repeat(43)), NOW)).toBeNull();
    expect(verifyFileUrl([KEY], changed('signature', 'short'), NOW)).toBeNull();
    expect(verifyFileUrl([KEY], { ...presented(url), signature: undefined }, NOW)).toBeNull();
    expect(verifyFileUrl(['another key of forty characters at least!'], presented(url), NOW)).toBeNull();
  });

  it('accepts the previous key during a rotation, and only the keys given', () => {
    const old = fileUrl('https://crm.example.com', OLD_KEY, grant);
    expect(verifyFileUrl([KEY, OLD_KEY], presented(old), NOW)).toEqual(grant);
    expect(verifyFileUrl([KEY], presented(old), NOW)).toBeNull();
  });
});
