// Reads a V8 .cpuprofile (node --cpu-prof) into self time per function and per package.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
}

export interface ProfileSummary {
  /** sampled wall time, ms */
  totalMs: number;
  /** time the thread had nothing to do, ms */
  idleMs: number;
  /** self time per function (name, file:line), busiest first, idle excluded */
  functions: SelfTime[];
  /** self time per package or area (node_modules/<pkg>, node:internal, our code), busiest first */
  packages: SelfTime[];
}

const SPECIAL = /^\((idle|program|garbage collector|root)\)$/;

/** `…/node_modules/@scope/pkg/…` → `@scope/pkg`; our sources → `services/<name>`; node internals → `node:internal`. */
function areaOf(url: string, functionName: string): string {
  if (SPECIAL.test(functionName)) return functionName;
  const nodeModules = url.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = url.slice(nodeModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return 'node:internal';
  const ours = /\/(services\/[^/]+|bench|infra\/local)\//.exec(url);
  if (ours) return ours[1]!;
  return url === '' ? '(native)' : url;
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*\/work\/main\//, '');

const top = (totals: Map<string, number>): SelfTime[] =>
  [...totals.entries()].map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 })).sort((a, b) => b.ms - a.ms);

export function summariseProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perFunction = new Map<string, number>();
  const perArea = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    totalMs += ms;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    perFunction.set(name, (perFunction.get(name) ?? 0) + ms);
    const area = areaOf(frame.url, frame.functionName);
    perArea.set(area, (perArea.get(area) ?? 0) + ms);
  });
  return { totalMs, idleMs, functions: top(perFunction), packages: top(perArea) };
}
