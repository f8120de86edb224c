// Service and build images run Node 22 LTS (Node 20 reaches end of life in April 2026): every Dockerfile's
// node stages and the node jobs of the compose files.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const repoRoot = path.join(__dirname, '..', '..');
const NODE_MAJOR = 22;
const SKIP = new Set(['node_modules', '.git', '.local', '.data', '.cache', 'dist', 'coverage']);

function dockerfiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dockerfiles(full);
    return /^Dockerfile(\..+)?$|\.Dockerfile$/.test(entry.name) ? [full] : [];
  });
}

/** The node images a Dockerfile builds FROM (`node:22-slim`, `docker.io/library/node:22`...). */
const nodeImages = (text: string) => [...text.matchAll(/^\s*FROM\s+(?:--\S+\s+)*(\S*\bnode:\S+)/gim)].map((match) => match[1]!);
const majorOf = (image: string) => Number(/node:(\d+)/.exec(image)?.[1]);

describe(`Node ${NODE_MAJOR} LTS in every image`, () => {
  const files = dockerfiles(repoRoot);

  it('when the repository is searched, then it finds the Dockerfiles of the services and frontends', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files.map((file) => [path.relative(repoRoot, file), file]))('when %s builds FROM node, then it is Node 22', (_name, file) => {
    const images = nodeImages(fs.readFileSync(file, 'utf8'));
    const wrong = images.filter((image) => majorOf(image) !== NODE_MAJOR);

    expect(images.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it.each(['compose.yaml', 'compose.demo.yaml'])('when infra/%s runs a node image, then it is Node 22', (file) => {
    const { services } = parse(fs.readFileSync(path.join(repoRoot, 'infra', file), 'utf8'), { merge: true }) as { services: Record<string, { image?: string }> };
    const wrong = Object.values(services).map((service) => service.image ?? '').filter((image) => /(^|\/)node:/.test(image) && majorOf(image) !== NODE_MAJOR);

    expect(wrong).toEqual([]);
  });

  it('when a Dockerfile names Node 20, then the check finds it (the check can fail)', () => {
    expect(nodeImages('FROM node:20-slim AS build\nFROM nginx:1.27-alpine\nFROM --platform=linux/amd64 node:20\n').map(majorOf)).toEqual([20, 20]);
  });
});
