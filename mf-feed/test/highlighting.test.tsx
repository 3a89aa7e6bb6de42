// A file of its own: every grammar starts unloaded here (each test file has its own modules), so what a snippet
// shows before its grammar arrives can be seen.
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DevCircleSdk } from '@devcircle/sdk';
import { CodeBlock } from '@devcircle/ui/post-card';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';

let backend: WebBackend;
let sdk: DevCircleSdk;

beforeAll(async () => {
  backend = await startWebBackend();
  sdk = await backend.signUp();
}, 60_000);

afterAll(() => backend.stop());

const JAVA = [
  '// Greets everyone it is given.',
  'public class Greeter {',
  '  private final String greeting;',
  '',
  '  public Greeter(String greeting) {',
  '    this.greeting = greeting;',
  '  }',
  '',
  '  public String greet(String name) {',
  '    return greeting + ", " + name + "!";',
  '  }',
  '',
  '  public static void main(String[] args) {',
  '    Greeter greeter = new Greeter("Hello");',
  '    for (String arg : args) {',
  '      System.out.println(greeter.greet(arg));',
  '    }',
  '    int count = 42;',
  '  }',
  '}',
].join('\n');

const region = (name: string) => screen.getByRole('region', { name: `${name} code snippet` });
const lines = (element: HTMLElement) =>
  [...element.querySelectorAll('.token-line')].map((line) => line.textContent);

test('before its grammar arrives a snippet is plain text in the same lines; then its tokens are coloured spans', async () => {
  renderWithSdk(sdk, <CodeBlock code={JAVA} language="java" />);
  const java = region('Java');
  const folded = JAVA.split('\n')
    .slice(0, 15)
    .map((line) => `${line}\n`);

  // Plain: the same 15 lines (one span each, then the line break), no token yet.
  expect(java.querySelector('.token')).toBeNull();
  expect(lines(java)).toEqual(folded);

  // Highlighted: the same lines and characters, the tokens as spans with Prism's classes and the theme's colours.
  const keyword = await within(java).findByText('class');
  expect(keyword).toHaveClass('token', 'keyword');
  expect(keyword).toHaveStyle({ color: 'var(--code-keyword)' });
  expect(lines(java)).toEqual(folded);
  const comment = within(java).getByText('// Greets everyone it is given.');
  expect(comment).toHaveClass('token', 'comment');
  expect(comment).toHaveStyle({ color: 'var(--code-comment)', fontStyle: 'italic' });
  expect(within(java).getAllByText('"Hello"')[0]).toHaveClass('token', 'string');
  expect(within(java).getAllByText('Greeter')[0]).toHaveClass('token', 'class-name');
  expect(java.querySelector('pre')).toHaveStyle({ color: 'var(--code-text)' });

  // The fold keeps working on highlighted code: all 20 lines, then 15 again.
  await userEvent.click(screen.getByRole('button', { name: 'View full code (20 lines)' }));
  expect(lines(java)).toEqual(JAVA.split('\n').map((line) => `${line}\n`));
  expect(within(java).getByText('42')).toHaveClass('token', 'number');
  await userEvent.click(screen.getByRole('button', { name: 'Show less code' }));
  expect(lines(java)).toEqual(folded);
});

test('grammars that extend others: C++ (on C and clike) and React (JSX on markup and JavaScript)', async () => {
  renderWithSdk(
    sdk,
    <>
      <CodeBlock code={'#include <vector>\nint main() { return 0; }'} language="cpp" />
      <CodeBlock code={'const App = () => <div className="app">{title}</div>;'} language="react" />
    </>,
  );
  const cpp = region('C++');
  expect(await within(cpp).findByText('int')).toHaveClass('token', 'keyword');
  expect(cpp.querySelector('.token.macro')).not.toBeNull();

  const react = region('React');
  expect(await within(react).findByText('const')).toHaveClass('token', 'keyword');
  await waitFor(() => expect(react.querySelector('.token.tag')).not.toBeNull());
  const attribute = within(react).getByText('app');
  expect(attribute).toHaveClass('token', 'attr-value');
  expect(attribute).toHaveStyle({ color: 'var(--code-string)' });
});

test('an unknown language or "other" is plain text under the badge Code, and stays plain', async () => {
  renderWithSdk(
    sdk,
    <>
      <CodeBlock code="IDENTIFICATION DIVISION." language="cobol" />
      <CodeBlock code="SELECT name FROM users;" language="other" />
      <CodeBlock code="SELECT name FROM users;" language="sql" />
    </>,
  );
  const [cobol, other] = screen.getAllByRole('region', { name: 'Code code snippet' });
  // Once a known grammar next to them has arrived and highlighted its snippet, these are still plain.
  expect(await within(region('SQL')).findByText('SELECT')).toHaveClass('token', 'keyword');
  for (const plain of [cobol, other]) {
    expect(plain.querySelector('.token')).toBeNull();
    expect(plain.querySelectorAll('.token-line')).toHaveLength(1);
  }
  expect(cobol).toHaveTextContent('IDENTIFICATION DIVISION.');
  expect(screen.getAllByText('Code')).toHaveLength(2);
});

/** The create-post preview's case: one code block whose language the writer changes. */
function ChangingLanguage() {
  const [language, setLanguage] = useState('python');
  return (
    <>
      <button type="button" onClick={() => setLanguage('json')}>
        To JSON
      </button>
      <CodeBlock code={language === 'python' ? 'print(True)' : '{"ok": true}'} language={language} />
    </>
  );
}

test('a snippet whose language changes (the create-post preview) is highlighted in the new one', async () => {
  renderWithSdk(sdk, <ChangingLanguage />);
  expect(await within(region('Python')).findByText('True')).toHaveClass('token', 'boolean');

  await userEvent.click(screen.getByRole('button', { name: 'To JSON' }));
  const json = region('JSON');
  await waitFor(() => expect(json.querySelector('.token.property')).not.toBeNull());
  expect(within(json).getByText('true')).toHaveClass('token', 'boolean');
});
