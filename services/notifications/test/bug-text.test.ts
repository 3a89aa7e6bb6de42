import { call, callWithJsonText } from '@devcircle/service-test-kit';
import { startHarness, type Harness } from './harness';

/** A bug report is prose and cleaned as such by the service (docs/text-hygiene.md). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

interface Answer {
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

const report = (bug: string) => call<Answer>(h.service, 'POST', '/api/report-bug', { bug });
const stored = (bug: string) => h.db.collection('bug_reports').findOne({ bug });

test('a report with a right-to-left override and zero-width spaces is stored without them, NFC', async () => {
  const reply = await report(
    'The cafe\u0301 \u202Epage\u202C is blank\u200B\n\t\u{1F469}\u200D\u{1F4BB} steps below',
  );
  expect(reply.status).toBe(201);
  expect(await stored('The caf\u00E9 page is blank\n\t\u{1F469}\u200D\u{1F4BB} steps below')).not.toBeNull();
});

test('NUL and other control characters are refused, and nothing is stored', async () => {
  const before = await h.db.collection('bug_reports').countDocuments();
  for (const bug of ['crash\u0000', 'escape \u001B[2J', 'next line \u0085']) {
    const reply = await report(bug);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'The bug description must not contain control characters other than line breaks and tabs',
      code: 'VALIDATION_ERROR',
      errors: [
        {
          field: 'bug',
          message: 'The bug description must not contain control characters other than line breaks and tabs',
        },
      ],
    });
  }
  expect(await h.db.collection('bug_reports').countDocuments()).toBe(before);
});

test('a lone surrogate sent as a JSON escape is refused', async () => {
  const reply = await callWithJsonText<Answer>(
    h.service,
    'POST',
    '/api/report-bug',
    '{"bug":"\\ud83d alone"}',
  );
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual([
    {
      field: 'bug',
      message:
        'The bug description contains a broken character (half of a UTF-16 surrogate pair); please retype it',
    },
  ]);
});
