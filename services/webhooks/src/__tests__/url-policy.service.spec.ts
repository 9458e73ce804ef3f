import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { backoffMs } from '../deliveries/delivery-schedule';
import { createSender } from '../deliveries/sender';
import { idsOnly } from '../feed/redaction';
import { checkEndpointUrl, isBlockedAddress } from '../endpoints/url-policy';

const strict = {
  allowInsecureUrls: false,
  resolve: async (host: string) =>
    ({
      'hooks.example.com': ['93.184.216.34'],
      'inside.example.com': ['10.1.2.3'],
      'both.example.com': ['93.184.216.34', '192.168.1.1'],
      localhost: ['127.0.0.1', '::1'],
    })[host] ?? [],
};

describe('endpoint address policy (SSRF)', () => {
  it('refuses loopback, private, link-local, CGNAT, metadata, unspecified and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect({ address, blocked: isBlockedAddress(address, false) }).toEqual({ address, blocked: true });
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
      expect(isBlockedAddress(address, false)).toBe(false);
    expect(isBlockedAddress('127.0.0.1', true)).toBe(false);
    expect(isBlockedAddress('10.0.0.1', true)).toBe(true);
  });

  it('needs https and a host that resolves only to public addresses, unless insecure URLs are allowed', async () => {
    await expect(checkEndpointUrl('https://hooks.example.com/in', strict)).resolves.toBe(
      'https://hooks.example.com/in',
    );
    for (const [url, message] of [
      ['http://hooks.example.com/in', 'must use https'],
      ['https://u:p@hooks.example.com/', 'must not contain credentials'],
      ['not a url', 'must be an absolute URL'],
    ] as const) {
      await expect(checkEndpointUrl(url, strict)).rejects.toThrow(message);
    }
    const loose = { ...strict, allowInsecureUrls: true };
    await expect(checkEndpointUrl('http://localhost:3000/in', loose)).resolves.toBe('http://localhost:3000/in');
  });

  it('answers one refusal for every host that is not public, naming no address', async () => {
    const loose = { ...strict, allowInsecureUrls: true };
    for (const [url, policy] of [
      ['https://inside.example.com/', strict],
      ['https://both.example.com/', strict],
      ['https://localhost/', strict],
      ['https://127.0.0.1/', strict],
      ['https://[::1]/', strict],
      ['https://169.254.169.254/latest', strict],
      ['https://nowhere.example.com/', strict],
      ['http://inside.example.com/', loose],
    ] as const) {
      const refusal = await checkEndpointUrl(url, policy).then(
        () => null,
        (error: Error) => error.message,
      );
      expect({ url, refusal }).toEqual({ url, refusal: 'url must name a host that resolves only to public addresses' });
    }
  });

  it('refuses at connect time too: the agent will not reach loopback unless allowed', async () => {
    const server = createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    const message = {
      url,
      messageId: 'msg_1',
      body: '{}',
      secrets: [`whsec_${Buffer.alloc(32, 1).toString('base64')}`],
      at: new Date(),
    };
    const closed = createSender({ allowLoopback: false, timeoutMs: 2000 });
    const open = createSender({ allowLoopback: true, timeoutMs: 2000 });
    try {
      expect(await closed.send(message)).toMatchObject({ ok: false, status: null });
      // Over https the agent resolves the name and refuses the address, without saying what it was.
      const refused = await closed.send({ ...message, url: url.replace('http:', 'https:') });
      expect(refused).toEqual({ ok: false, status: null, error: 'the host does not resolve only to public addresses' });
      expect(await open.send(message)).toMatchObject({ ok: true, status: 200 });
    } finally {
      closed.close();
      open.close();
      server.close();
    }
  });
});

describe('retries and redaction', () => {
  it('back off exponentially with jitter up to the maximum', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(30, 1000, 60_000, () => 1)).toBe(60_000);
  });

  it('keep only ids and versions of a payload that mentions an erased person', () => {
    expect(
      idsOnly({
        contact_id: 'c',
        first_name: 'Ann',
        email: 'a@x',
        version: 3,
        company: { company_id: 'k', name: 'Acme' },
        attendees: [{ contact_id: 'c', name: 'Ann' }],
        tag_ids: ['t'],
      }),
    ).toEqual({
      contact_id: 'c',
      version: 3,
      company: { company_id: 'k' },
      attendees: [{ contact_id: 'c' }],
      tag_ids: ['t'],
    });
  });
});
