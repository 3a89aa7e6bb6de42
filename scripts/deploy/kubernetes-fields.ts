/**
 * Fields Kubernetes does not know, which its schemas leave alone: kubernetes-models' validators check the types,
 * required fields and enums of what is there, but a misspelt `readynessProbe` would pass them and be dropped (or
 * refused) by the API server. The package's TypeScript declarations, generated from the same OpenAPI definitions,
 * name every field of every object; the TypeScript compiler reads them and each manifest is walked against the
 * declared type of its kind.
 */
import path from 'node:path';
import ts from 'typescript';
import type { SourcedObject } from './validate-kubernetes';

/** Where each unknown field is: `<source> <kind>/<name>: spec.template.spec.containers[0].readynessProbe`. */
export function unknownFields(objects: readonly SourcedObject[], root: string): string[] {
  const kinds = [...new Set(objects.map(({ doc }) => `${doc.apiVersion}/${doc.kind}`))];
  // A module that names each kind's declared type (an ES module: the package exports types to `import` only).
  const probe = path.join(root, 'scripts/deploy/kubernetes-kinds.generated.mts');
  const text = kinds
    .map((kind, i) => `export type { I${kind.split('/').pop()} as K${i} } from 'kubernetes-models/${kind}';`)
    .join('\n');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: [],
    // Only what the declarations use (Array, Date): parsing less keeps this to about a second.
    lib: ['lib.es5.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    path.resolve(fileName) === probe
      ? ts.createSourceFile(fileName, text, language)
      : getSourceFile(fileName, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === probe || fileExists(fileName);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(probe)!)!;
  const declared = new Map(
    checker.getExportsOfModule(module).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return [kinds[Number(symbol.name.slice(1))], checker.getDeclaredTypeOfSymbol(target)] as const;
    }),
  );

  const found: string[] = [];
  const walk = (value: unknown, type: ts.Type, at: string, where: string): void => {
    if (value === null || typeof value !== 'object') return;
    let shape = checker.getNonNullableType(type);
    if (Array.isArray(value)) {
      if (!checker.isArrayType(shape)) return;
      const [element] = checker.getTypeArguments(shape as ts.TypeReference);
      value.forEach((item, i) => walk(item, element, `${at}[${i}]`, where));
      return;
    }
    // `IntOrString` and the like: the object member of a union, if any.
    if (shape.isUnion()) {
      const object = shape.types.find((member) => member.flags & ts.TypeFlags.Object);
      if (!object) return;
      shape = object;
    }
    const index = checker.getIndexInfosOfType(shape)[0];
    for (const [key, child] of Object.entries(value)) {
      const field = shape.getProperty(key);
      const next = `${at ? `${at}.` : ''}${key}`;
      if (field?.valueDeclaration)
        walk(child, checker.getTypeOfSymbolAtLocation(field, field.valueDeclaration), next, where);
      else if (index) walk(child, index.type, next, where);
      else if (!field) found.push(`${where}: ${next}`);
    }
  };
  for (const { source, doc } of objects) {
    const kind = `${doc.apiVersion}/${doc.kind}`;
    const type = declared.get(kind);
    const where = `${source} ${doc.kind}/${doc.metadata?.name ?? '?'}`;
    if (type) walk(doc, type, '', where);
    else found.push(`${where}: no declared type for ${kind}`);
  }
  return found;
}
