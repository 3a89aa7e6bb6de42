import { expect, test } from '@playwright/test';
import { signedInMember, uniqueName } from '../support/accounts';

test("a remote that fails is reported to /api/client-errors with the remote's name, and the gateway takes it", async ({
  page,
}) => {
  // The feed remote's files cannot be fetched: the shell's boundary around it catches the failure and reports it.
  await page.route('**/remotes/feed/**', (route) => route.abort());
  const reported = page.waitForRequest(
    (request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST',
  );
  await signedInMember(page, uniqueName('reporter'), { path: '/feed' });
  const request = await reported;
  expect(request.postDataJSON()).toMatchObject({
    remote: 'feed',
    version: 'unknown', // its manifest could not be read either
    kind: 'boundary',
    path: '/feed',
  });
  expect((await request.response())?.status()).toBe(204);
});
