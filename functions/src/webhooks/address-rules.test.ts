import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress, ipv6Groups, urlProblem } from './address-rules';
import { postWebhook, resolveCheckedAddress } from './post-webhook';

describe('the addresses a webhook may reach', () => {
  it('refuses the private, loopback, link-local and unspecified IPv4 ranges', () => {
    for (const ip of ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1', '127.0.0.1', '127.1.2.3', '169.254.169.254', '0.0.0.0', '100.64.0.1', '224.0.0.1', '255.255.255.255']) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });

  it('allows public IPv4 addresses next to the private ranges', () => {
    for (const ip of ['8.8.8.8', '172.15.255.255', '172.32.0.1', '11.0.0.1', '169.253.0.1', '192.169.0.1', '1.1.1.1']) expect(isForbiddenAddress(ip), ip).toBe(false);
  });

  it('refuses loopback, link-local, unique-local, multicast and unspecified IPv6, and IPv4 hidden in IPv6 forms', () => {
    for (const ip of ['::1', '[::1]', '::', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::1', '2001:db8::1']) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });

  it('allows public IPv6 and public IPv4 in its mapped form', () => {
    for (const ip of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808']) expect(isForbiddenAddress(ip), ip).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    for (const ip of ['', 'example.com', '1.2.3', '::ffff::1', '12345::']) expect(isForbiddenAddress(ip), ip).toBe(true);
  });

  it('expands IPv6 groups, a trailing dotted IPv4 included', () => {
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('fe80::1')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});

describe('endpoint URLs', () => {
  it('takes only https in AWS', () => {
    expect(urlProblem('http://hooks.example.com/x', false)).toBe('notHttps');
    expect(urlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(urlProblem('ftp://hooks.example.com/x', false)).toBe('notHttps');
    expect(urlProblem('not a url', false)).toBe('invalid');
    expect(urlProblem('https://user:pw@hooks.example.com/', false)).toBe('credentials');
  });

  it('refuses the decimal, octal and hex forms of loopback (the URL parser turns them into 127.0.0.1)', () => {
    for (const url of ['https://2130706433/', 'https://0177.0.0.1/', 'https://0x7f.1/', 'https://0x7f000001/', 'https://127.1/', 'https://[::ffff:127.0.0.1]/', 'https://[::1]/', 'https://[fe80::1]/', 'https://0.0.0.0/', 'https://169.254.169.254/latest/meta-data']) {
      expect(urlProblem(url, false), url).toBe('privateAddress');
    }
  });

  it('refuses localhost names in AWS and allows them, and 127.0.0.1, locally', () => {
    expect(urlProblem('https://localhost/hook', false)).toBe('privateAddress');
    expect(urlProblem('https://hooks.localhost/hook', false)).toBe('privateAddress');
    expect(urlProblem('http://127.0.0.1:3300/hooks/a', true)).toBeNull();
    expect(urlProblem('http://hooks.localhost:3300/hooks/a', true)).toBeNull();
    // Locally too, other private addresses stay refused.
    expect(urlProblem('http://10.0.0.1/', true)).toBe('notHttps');
    expect(urlProblem('https://10.0.0.1/', true)).toBe('privateAddress');
  });
});

describe('a delivery attempt', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') res.writeHead(302, { location: `http://127.0.0.1:${port}/inside` }).end();
      else res.writeHead(200).end('thanks');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a DNS name that resolves to a private address before connecting', async () => {
    // `localhost` resolves to loopback from /etc/hosts: checked like any name from DNS.
    await expect(resolveCheckedAddress('localhost', false)).rejects.toThrow(/private address/);
    await expect(resolveCheckedAddress('127.0.0.1', false)).rejects.toThrow(/private address/);
  });

  it('does not follow a redirect: the attempt fails and the target is never asked', async () => {
    hits.length = 0;
    const outcome = await postWebhook(`http://127.0.0.1:${port}/redirect`, {}, '{}', true);
    expect(outcome).toMatchObject({ ok: false, status: 302, error: 'Redirects are not followed' });
    expect(hits).toEqual(['/redirect']);
  });

  it('refuses a loopback endpoint in AWS without sending anything', async () => {
    hits.length = 0;
    const outcome = await postWebhook(`https://127.0.0.1:${port}/hook`, {}, '{}', false);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/refused/);
    expect(hits).toEqual([]);
  });

  it('delivers to the local receiver and reads its answer', async () => {
    const outcome = await postWebhook(`http://127.0.0.1:${port}/hook`, { 'webhook-id': 'msg_1' }, '{"a":1}', true);
    expect(outcome).toMatchObject({ ok: true, status: 200, response: 'thanks' });
  });
});
