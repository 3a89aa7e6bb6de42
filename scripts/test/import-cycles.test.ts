import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No two source files of the back end import each other, directly or around a loop (docs/service-skeleton.md
 * "Rules"): a circle means neither side can be read, tested or moved without the other. Type-only imports count
 * too, as a circle of types is still one of the structure. Only relative imports are followed: packages are
 * kept apart by the boundaries in eslint.boundaries.js.
 */
const ROOT = path.resolve(__dirname, '../..');
const SOURCES = [
  ...readdirSync(path.join(ROOT, 'services')).map((name) => `services/${name}/src`),
  'api-gateway/src',
  'packages/contracts/src',
  'packages/service-kit/src',
  'packages/test-kit/src',
  'packages/embedded-mongo/src',
].filter((dir) => existsDir(path.join(ROOT, dir)));

function existsDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names, as TypeScript resolves it without extensions. */
function resolve(from: string, specifier: string, files: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => files.has(candidate),
  );
}

function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => resolve(file, specifier, known) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: each one of two or more files (or a file importing itself) is a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test.each(SOURCES)('%s has no import circles', (dir) => {
  const graph = importGraph(path.join(ROOT, dir));
  expect(graph.size).toBeGreaterThan(0);
  const named = circles(graph).map((files) => files.map((file) => path.relative(ROOT, file)));
  expect(named).toEqual([]);
});

test('a circle is found', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});
