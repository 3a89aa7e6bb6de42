import type { CommandStartedEvent, CommandSucceededEvent, MongoClient } from 'mongodb';

/** What one counted run sent: every command's name, in the order they started. */
export interface CountedCommands<T> {
  result: T;
  names: string[];
}

const cursorIdOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : String(value);

/**
 * The database round trips `run` makes through `clients` (each opened with `monitorCommands`, e.g.
 * `startOnFreshDatabase(…, { monitorCommands: true })`), by the driver's own command monitoring. Only what `run`
 * caused is counted: a `getMore` of a cursor opened before (a change stream a consumer keeps waiting) is not. Run it
 * while nothing else writes, so no consumer has work to do meanwhile.
 */
export async function countCommands<T>(
  clients: MongoClient[],
  run: () => Promise<T>,
): Promise<CountedCommands<T>> {
  const names: string[] = [];
  const opened = new Set<string>();
  const started = new Set<number>();
  const onStarted = (event: CommandStartedEvent): void => {
    if (event.commandName === 'getMore' && !opened.has(String(event.command.getMore))) return;
    started.add(event.requestId);
    names.push(event.commandName);
  };
  const onSucceeded = (event: CommandSucceededEvent): void => {
    if (!started.has(event.requestId)) return;
    const reply = event.reply as { cursor?: { id?: unknown } };
    const id = cursorIdOf(reply.cursor?.id);
    if (id !== undefined && id !== '0') opened.add(id);
  };
  for (const client of clients) {
    if (!client.options.monitorCommands) throw new Error('countCommands needs a client with monitorCommands');
    client.on('commandStarted', onStarted);
    client.on('commandSucceeded', onSucceeded);
  }
  try {
    return { result: await run(), names };
  } finally {
    for (const client of clients) {
      client.off('commandStarted', onStarted);
      client.off('commandSucceeded', onSucceeded);
    }
  }
}
