import type dns from 'node:dns';
import { PartnerHttpClient } from '../../src/webhooks/delivery/http-client';
import { destinationProblem, isPublicAddress, type Resolver, urlProblem } from '../../src/webhooks/destination-guard';
import { WebhookReceiver } from '../support/webhook-receiver';

const STRICT = { allowPrivateNetworks: false, requireHttps: false };

describe('isPublicAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::7f00:1', '::a00:1'])(
    'refuses %s',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('urlProblem (at save)', () => {
  it.each(['http://127.0.0.1/x', 'http://localhost/x', 'http://api.localhost/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.0.0.1/', 'http://[::ffff:7f00:1]/'])('refuses %s', (url) => {
    expect(urlProblem(url, STRICT)).toMatch(/loopback, private, link-local or reserved/);
  });
  it('refuses other schemes, credentials in the URL, and plain http in production', () => {
    expect(urlProblem('ftp://example.com/x', STRICT)).toBe('must be an absolute http(s) URL');
    expect(urlProblem('https://user:pass@example.com/x', STRICT)).toBe('must not carry credentials');
    expect(urlProblem('http://example.com/x', { ...STRICT, requireHttps: true })).toBe('must be an https URL');
    expect(urlProblem('https://example.com/x', { ...STRICT, requireHttps: true })).toBeNull();
  });
  it('accepts private addresses when allowed (on-premises, tests)', () => {
    expect(urlProblem('http://127.0.0.1:8080/x', { allowPrivateNetworks: true, requireHttps: false })).toBeNull();
  });
  it('refuses a name that resolves to a private address, and accepts one that does not resolve yet', async () => {
    const internal: Resolver = (_hostname, _options, callback) => callback(null, [{ address: '10.0.0.7', family: 4 }]);
    const unknown: Resolver = (_hostname, _options, callback) => callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    expect(await destinationProblem('https://hooks.partner.example/x', STRICT, internal)).toBe('must not resolve to a loopback, private, link-local or reserved address');
    expect(await destinationProblem('https://hooks.partner.example/x', STRICT, unknown)).toBeNull();
  });
});

describe('the connect-time check (DNS rebinding)', () => {
  it('refuses to connect when a name that passed at save now resolves to a private address', async () => {
    const receiver = await WebhookReceiver.start();
    // A resolver standing in for a rebinding DNS server: the public name now points at loopback.
    const rebound: Resolver = (_hostname: string, _options: dns.LookupAllOptions, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
    const client = new PartnerHttpClient(STRICT, 2_000, rebound);
    try {
      expect(urlProblem(`http://partner.example:${receiver.port}/hooks`, STRICT)).toBeNull();
      await expect(client.post(`http://partner.example:${receiver.port}/hooks`, {}, '{}')).rejects.toThrow(/^refused destination: partner\.example resolves only to non-public addresses$/);
      expect(receiver.requests).toHaveLength(0);

      const allowed = new PartnerHttpClient({ allowPrivateNetworks: true, requireHttps: false }, 2_000, rebound);
      await expect(allowed.post(`http://partner.example:${receiver.port}/hooks`, {}, '{}')).resolves.toMatchObject({ status: 200 });
      await allowed.close();
    } finally {
      await client.close();
      await receiver.stop();
    }
  });

  it('refuses a literal private address before connecting', async () => {
    const client = new PartnerHttpClient(STRICT, 2_000);
    try {
      await expect(client.post('http://127.0.0.1:9/hooks', {}, '{}')).rejects.toThrow(/^refused destination: URL must not point at/);
    } finally {
      await client.close();
    }
  });
});
