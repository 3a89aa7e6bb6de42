/**
 * CLI entry: runs MongoDB's unified-format spec tests (crud, change-streams, transactions) against the
 * embedded server, or against MONGODB_URI when set, through the official driver, and reports pass rates.
 *
 *   npm run conformance -- [--spec DIR] [--suite crud|change-streams|transactions ...] [--json out.json]
 *                          [--filter substring] [--verbose] [--timeout ms]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, type Document } from 'mongodb';
import type { ServerFacts } from './applicability';
import { buildReport, printReport, type FileReport } from './report';
import { runFile, type RunEnvironment } from './runner';
import { startServer } from '../src/server';

const SUITES = ['crud', 'change-streams', 'transactions'];

interface Options {
  spec: string;
  suites: string[];
  json?: string;
  filter?: string;
  verbose: boolean;
  timeoutMs: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    spec: process.env.SPEC_DIR ?? '',
    suites: [],
    verbose: false,
    timeoutMs: 20_000,
  };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return v;
    };
    const arg = argv[i];
    if (arg === '--spec') opts.spec = value();
    else if (arg === '--suite') opts.suites.push(...value().split(','));
    else if (arg === '--json') opts.json = value();
    else if (arg === '--filter') opts.filter = value();
    else if (arg === '--timeout') opts.timeoutMs = Number(value());
    else if (arg === '--verbose') opts.verbose = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  for (const s of opts.suites)
    if (!SUITES.includes(s)) throw new Error(`unknown suite ${s} (${SUITES.join(', ')})`);
  if (opts.suites.length === 0) opts.suites = SUITES;
  // The test files' licence (CC BY-NC-SA) keeps them out of this repository: they are read from a checkout.
  if (!opts.spec) {
    throw new Error(
      'where are the spec tests? git clone https://github.com/mongodb/specifications, then pass --spec <clone>/source or set SPEC_DIR',
    );
  }
  return opts;
}

/** Asks the server what it is (version, topology) rather than assuming, so MONGODB_URI runs are judged right. */
async function serverFacts(internal: MongoClient, uri: string): Promise<ServerFacts> {
  const admin = internal.db('admin');
  const build = await admin.command({ buildInfo: 1 });
  const hello = await admin.command({ hello: 1 });
  const topology = hello.msg === 'isdbgrid' ? 'sharded' : hello.setName ? 'replicaset' : 'single';
  const parameters = new Map<string, unknown>();
  return {
    version: String(build.version),
    topology,
    auth: /\/\/[^/@]+@/.test(uri),
    serverless: false,
    csfle: false,
    secondaries: Array.isArray(hello.hosts) ? hello.hosts.length - 1 : 0,
    async parameter(name: string) {
      if (!parameters.has(name)) {
        const reply: Document | undefined = await admin
          .command({ getParameter: 1, [name]: 1 })
          .catch(() => undefined);
        parameters.set(name, reply?.[name]);
      }
      return parameters.get(name);
    },
  };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const server = process.env.MONGODB_URI ? undefined : await startServer({ port: 0 });
  const uri = process.env.MONGODB_URI ?? server!.uri;
  const internal = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  const files: FileReport[] = [];
  try {
    await internal.connect();
    const facts = await serverFacts(internal, uri);
    console.log(`server ${facts.version} (${facts.topology}) at ${uri}\n`);
    const env: RunEnvironment = {
      uri,
      internal,
      server: facts,
      timeoutMs: opts.timeoutMs,
      filter: opts.filter,
      verbose: opts.verbose,
    };
    for (const suite of opts.suites) {
      const dir = path.join(opts.spec, suite, 'tests', 'unified');
      for (const name of readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        const label = `${suite}/${name}`;
        const results = await runFile(label, readFileSync(path.join(dir, name), 'utf8'), env);
        if (results.length === 0) continue;
        files.push({ suite, file: name, results });
        if (opts.verbose)
          for (const r of results)
            console.log(
              `  ${r.status.padEnd(14)} ${label}: ${r.description}${r.message ? ` — ${r.message}` : ''}`,
            );
      }
    }
  } finally {
    await internal.close().catch(() => undefined);
    await server?.stop();
  }
  const report = buildReport(files);
  printReport(report);
  if (opts.json) writeFileSync(opts.json, JSON.stringify(report, null, 2));
}

main().catch((error: unknown) => {
  // A usage mistake needs its message, not a stack trace.
  console.error(error instanceof Error && !process.env.DEBUG ? `conformance: ${error.message}` : error);
  process.exit(2);
});
