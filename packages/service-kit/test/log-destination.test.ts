import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

/**
 * The default log destination batches lines (src/log-destination.ts). A child process logs through it while the
 * test reads its standard output: nothing may be lost or held back for long.
 */
const LOGGER = path.join(__dirname, '../src/logger.ts');
const SCRIPT = `
const { createLogger } = require(${JSON.stringify(LOGGER)});
const logger = createLogger('batch-test', 'info');
process.stdin.setEncoding('utf8');
process.stdin.on('data', (command) => {
  for (const line of command.trim().split('\\n')) {
    const [what, count] = line.split(' ');
    if (what === 'info') for (let k = 0; k < Number(count); k++) logger.info({ k }, 'line');
    if (what === 'error') logger.error('broke');
    if (what === 'exit') process.exit(0);
  }
});
`;

function start(): { child: ChildProcessWithoutNullStreams; lines: () => Array<{ msg: string; k?: number }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', SCRIPT], { stdio: 'pipe' });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (out += chunk));
  const lines = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; k?: number });
  return { child, lines };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('lines arrive while the process runs, errors at once, and every line is out when it exits', async () => {
  const { child, lines } = start();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    // A few lines with no more to come: the batch goes out on its own, the process still running.
    child.stdin.write('info 3\n');
    await until(() => lines().length === 3, 'three lines from a running process');
    expect(lines().map((line) => line.k)).toEqual([0, 1, 2]);

    // An error line, and the lines waiting before it, in order.
    child.stdin.write('info 2\nerror\n');
    await until(() => lines().length === 6, 'the error line');
    expect(lines().map((line) => line.msg)).toEqual(['line', 'line', 'line', 'line', 'line', 'broke']);

    // Many lines then an immediate exit: none lost.
    child.stdin.write('info 1000\nexit\n');
    expect(await exited).toBe(0);
    await until(() => lines().length === 1006, 'all lines after exit');
    expect(
      lines()
        .slice(6)
        .map((line) => line.k),
    ).toEqual([...Array(1000).keys()]);
  } finally {
    child.kill();
  }
});
