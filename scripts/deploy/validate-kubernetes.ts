/**
 * Validates Kubernetes objects against the API's schemas, offline: kubernetes-models' validators, generated from
 * the Kubernetes OpenAPI definitions (types, required fields, enums; unknown fields are found by
 * kubernetes-fields.ts). kubernetes-models is pinned at 4.5.1: its 5.x line requires Node 22, and 4.5.1 also ships
 * CommonJS, so the test calls `validateObjects` in its own process. By hand:
 *
 *   echo '[{"source":"a.yaml","doc":{...}}]' | node --import tsx scripts/deploy/validate-kubernetes.ts
 *
 * Prints a JSON array of { source, kind, name, message }, one per object that fails (empty when all pass).
 */
import { readFileSync } from 'node:fs';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string };
}

export interface SourcedObject {
  source: string;
  doc: KubernetesObject;
}

export interface SchemaError {
  source: string;
  kind: string;
  name?: string;
  message: string;
}

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

/** `apps/v1` + `Deployment` -> `kubernetes-models/apps/v1/Deployment` (the core group is `v1`). */
async function modelOf(object: KubernetesObject): Promise<ModelClass | undefined> {
  if (!/^[a-z0-9.]+(\/v\d+\w*)?$/.test(object.apiVersion) || !/^[A-Z]\w+$/.test(object.kind))
    return undefined;
  try {
    const loaded = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<
      string,
      ModelClass
    >;
    return loaded[object.kind];
  } catch {
    return undefined;
  }
}

export async function validateObjects(objects: readonly SourcedObject[]): Promise<SchemaError[]> {
  const errors: SchemaError[] = [];
  for (const { source, doc } of objects) {
    const where = { source, kind: `${doc.apiVersion}/${doc.kind}`, name: doc.metadata?.name };
    const Model = await modelOf(doc);
    if (!Model) {
      errors.push({ ...where, message: 'no schema for this apiVersion and kind' });
      continue;
    }
    try {
      new Model(doc).validate();
    } catch (err) {
      errors.push({ ...where, message: (err as Error).message });
    }
  }
  return errors;
}

if (require.main === module) {
  const objects = JSON.parse(readFileSync(0, 'utf8')) as SourcedObject[];
  void validateObjects(objects).then((errors) => process.stdout.write(JSON.stringify(errors)));
}
