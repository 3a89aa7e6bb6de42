/**
 * @jest-environment node
 */
import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PATH, type ClientErrorReport } from '@devcircle/contracts';
import { CLIENT_ERROR_REPORTS_PER_PAGE, createClientErrorReporter } from '../src';

/** What was posted: the browser's fetch, recorded (the gateway's side is tested in api-gateway). */
function recorder() {
  const sent: { url: string; init: RequestInit; report: ClientErrorReport }[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    sent.push({ url, init, report: JSON.parse(init.body as string) as ClientErrorReport });
    return Promise.resolve(new Response(null, { status: 204 }));
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

it('posts a report with the remote, version, kind, message, stack and path (no query), cut to the limits', () => {
  const { sent, fetch } = recorder();
  const reporter = createClientErrorReporter({ fetch, path: () => '/post/abc' });
  const error = new TypeError('x'.repeat(CLIENT_ERROR_LIMITS.message + 50));
  reporter.report('feed', '0.1.0', 'boundary', error);
  expect(sent).toHaveLength(1);
  expect(sent[0].url).toBe(CLIENT_ERRORS_PATH);
  expect(sent[0].init).toMatchObject({ method: 'POST', keepalive: true });
  expect(sent[0].report).toMatchObject({
    remote: 'feed',
    version: '0.1.0',
    kind: 'boundary',
    path: '/post/abc',
  });
  expect(sent[0].report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
  expect(sent[0].report.stack).toContain('TypeError');
});

it('sends the same error once and at most a few reports per page; a rejection with a non-Error reason too', () => {
  const { sent, fetch } = recorder();
  const reporter = createClientErrorReporter({ fetch });
  reporter.report('shell', '0.1.0', 'unhandledrejection', { code: 42 });
  reporter.report('shell', '0.1.0', 'unhandledrejection', { code: 42 });
  expect(sent).toHaveLength(1);
  expect(sent[0].report.message).toBe('{"code":42}');
  for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_PAGE + 5; i++)
    reporter.report('shell', '0.1.0', 'error', new Error(`e${i}`));
  expect(sent).toHaveLength(CLIENT_ERROR_REPORTS_PER_PAGE);
});
