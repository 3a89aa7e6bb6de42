import { probe } from '../src';

// The probe never rejects, whatever address it is given: a caller (health checks, the revocation poller) counts a
// failed probe, it does not catch one.
test('an address that is not http or https resolves with an error', async () => {
  expect(await probe('ftp://127.0.0.1:21', '/health', 1000)).toEqual({ error: 'unsupported protocol ftp:' });
});

test('an address that is not a URL resolves with an error', async () => {
  expect((await probe('not a url', '/health', 1000)).error).toMatch(/Invalid URL/);
});
