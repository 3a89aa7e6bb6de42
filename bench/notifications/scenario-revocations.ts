import { performance } from 'node:perf_hooks';
import { TOKEN_REVOCATIONS, type TokenRevocation } from '@devcircle/contracts';
import { ObjectId } from 'mongodb';
import type { Check } from '../shared/runner';
import { formatMs, summarize, type LatencySummary } from '../shared/stats';
import { left, right, type Table } from '../shared/table';
import { request, signedMember } from './http';
import type { Bench, RevocationResult } from './results';
import { closeAll, connectAll, type Listener } from './sockets';
import type { Stack } from './stack';

/** The scenario as run.ts runs it: `config.revocations` of them, their table row data and checks noted. */
export async function benchRevocationScenario(bench: Bench): Promise<void> {
  const result = await benchRevocations(bench.stack, bench.config.revocations);
  bench.results.revocations = result;
  bench.results.checks.push(...revocationChecks(result));
}

/**
 * `count` members (tokens signed as auth signs them) each hold a socket through a second gateway. One at a time,
 * a revocation of each member's token is inserted into `token_revocations` as auth records it (a password change
 * or an account deletion: auth's `RevocationLog.record`), and the benchmark notes when both gateways' revocation
 * lists apply it and when the member's socket is disconnected. All three learn it from change streams only: no
 * request went through either gateway, so no `x-devcircle-revoked` header told them.
 */
export async function benchRevocations(stack: Stack, count: number): Promise<RevocationResult> {
  const gatewayB = await stack.startGateway([stack.notifications.url]);
  const members = Array.from({ length: count }, (_, i) => signedMember(`revoked${i}`));
  const listeners = await connectAll(gatewayB.url, members, 50);
  const applied = { a: new Map<string, number>(), b: new Map<string, number>() };
  stack.gateway.revocations.onRevoked((userId) => applied.a.set(userId, performance.now()));
  gatewayB.revocations.onRevoked((userId) => applied.b.set(userId, performance.now()));
  const cut = new Map<string, number>();
  for (const listener of listeners)
    listener.socket.once('disconnect', () => cut.set(listener.member.id, performance.now()));
  const revocations = stack.db.collection<TokenRevocation<ObjectId>>(TOKEN_REVOCATIONS);
  const latency = { a: [] as number[], b: [] as number[], socket: [] as number[] };
  try {
    for (const member of members) {
      const t0 = performance.now();
      await revocations.insertOne({
        _id: new ObjectId(),
        userId: member.id,
        tokenVersion: 1,
        createdAt: new Date(),
      });
      await until(() => applied.a.has(member.id) && applied.b.has(member.id) && cut.has(member.id));
      latency.a.push((applied.a.get(member.id) as number) - t0);
      latency.b.push((applied.b.get(member.id) as number) - t0);
      latency.socket.push((cut.get(member.id) as number) - t0);
    }
    let refusedAfter = 0;
    for (const member of members) {
      const reply = await request(gatewayB.url, member, 'GET', '/api/notifications');
      if (reply.status === 401 && reply.body.toString().includes('TOKEN_REVOKED')) refusedAfter++;
    }
    return {
      revocations: count,
      gatewayA: summarize(latency.a),
      gatewayB: summarize(latency.b),
      socketCut: summarize(latency.socket),
      socketsCut: cut.size,
      refusedAfter,
    };
  } finally {
    closeAll(listeners satisfies Listener[]);
    await gatewayB.stop();
  }
}

/** Until `done`, checking on every turn of the event loop (no timer: the answer is the latency measured). */
async function until(done: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('a revocation did not arrive within 10 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function revocationTable(result: RevocationResult): Table {
  const row = (what: string, ms: LatencySummary): string[] => [
    what,
    String(result.revocations),
    formatMs(ms.p50),
    formatMs(ms.p95),
    formatMs(ms.p99),
    formatMs(ms.max),
  ];
  return {
    title: 'Token revocation → every verifier (change streams only; goal ≤ 100 ms)',
    columns: [left('Reached'), right('Revocations'), right('p50'), right('p95'), right('p99'), right('max')],
    rows: [
      row('gateway A’s list', result.gatewayA),
      row('gateway B’s list', result.gatewayB),
      row('the token’s socket cut (client `disconnect`)', result.socketCut),
    ],
  };
}

export function revocationChecks(result: RevocationResult): Check[] {
  return [
    {
      check: 'every revoked token’s socket was cut',
      ok: result.socketsCut === result.revocations,
      detail: `${result.socketsCut} of ${result.revocations}`,
    },
    {
      check: 'every revoked token is refused by a gateway that proxied none of the changes',
      ok: result.refusedAfter === result.revocations,
      detail: `${result.refusedAfter} of ${result.revocations} answered 401 TOKEN_REVOKED`,
    },
  ];
}
