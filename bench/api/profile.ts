import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  ms: number;
  share: number;
}

/** Where a frame's code lives: a package in node_modules, a workspace folder, Node itself, or V8's own. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node: (core)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  const workspace = /\/(api-gateway|packages\/[^/]+|services\/[^/]+)\/(?:dist\/)?src\/(.*)$/.exec(url);
  if (workspace) return `${workspace[1]}/${workspace[2].split('/')[0]}`;
  return url;
}

/**
 * Self time of a V8 CPU profile (`node --cpu-prof`), grouped by owner (package or source folder) and by function,
 * without the idle time: what the process spent its CPU on.
 */
export function summarizeProfile(
  file: string,
  top = 15,
): { byOwner: ProfileShare[]; byFunction: ProfileShare[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (let k = 0; k < profile.samples.length; k++) {
    const node = nodes.get(profile.samples[k]);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const ms = (profile.timeDeltas[k] ?? 0) / 1000;
    busy += ms;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where} [${owner}]`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const ranked = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, share: ms / busy }));
  return { byOwner: ranked(owners), byFunction: ranked(functions) };
}

/**
 * The main thread's `.cpuprofile` of the process that wrote into `dir`: the largest (tsx's module loader runs on a
 * thread of its own, which writes a small profile of its own).
 */
export function profileIn(dir: string): string {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}
