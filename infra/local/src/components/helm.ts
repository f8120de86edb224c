import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Component } from '../component';
import { run } from '../exec';
import { say, seconds } from '../log';
import { cacheDir } from '../paths';

/** Helm, built from its Go module (the Go module proxy is the only place it comes from here). */
export const HELM_VERSION = 'v3.22.0';
/**
 * The Kubernetes version Helm assumes without a cluster (lint's deprecation checks, `helm template`): the official
 * build stamps the one of its k8s.io modules (v3.22.0: k8s.io/client-go v0.37.0); `go install` alone would leave 1.20.
 */
const HELM_KUBERNETES = { major: '1', minor: '37' };
export const HELM_INSTALL_COMMAND = 'npx tsx infra/local/src/cli.ts install helm';

export function helmBinary(): string {
  return path.join(cacheDir(), 'helm', `${HELM_VERSION}-k8s${HELM_KUBERNETES.major}.${HELM_KUBERNETES.minor}`, 'helm');
}

function goCommand(): string {
  return ['/usr/local/go/bin/go', '/usr/lib/go/bin/go'].find((candidate) => existsSync(candidate)) ?? 'go';
}

/** Install only: `go install helm.sh/helm/v3/cmd/helm@<version>` into the cache, once. */
export const helm: Component = {
  name: 'helm',
  ports: [],
  async install() {
    const binary = helmBinary();
    if (existsSync(binary)) return say('helm', `${HELM_VERSION} cached`);
    say('helm', `go install helm.sh/helm/v3/cmd/helm@${HELM_VERSION} (cache miss, a few minutes)`);
    const startedAt = Date.now();
    const staging = `${path.dirname(binary)}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    // The stamps the official build sets (its Makefile): the version `helm version` prints, the Kubernetes version.
    const ldflags = [
      '-s -w',
      `-X helm.sh/helm/v3/internal/version.version=${HELM_VERSION}`,
      ...['pkg/lint/rules', 'pkg/chartutil'].flatMap((pkg) => [
        `-X helm.sh/helm/v3/${pkg}.k8sVersionMajor=${HELM_KUBERNETES.major}`,
        `-X helm.sh/helm/v3/${pkg}.k8sVersionMinor=${HELM_KUBERNETES.minor}`,
      ]),
    ].join(' ');
    await run('helm', goCommand(), ['install', '-trimpath', `-ldflags=${ldflags}`, `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], {
      env: { GOBIN: staging, GOFLAGS: '-buildvcs=false', CGO_ENABLED: '0' },
      timeoutMs: 30 * 60_000,
    });
    mkdirSync(path.dirname(binary), { recursive: true });
    renameSync(path.join(staging, 'helm'), binary);
    rmSync(staging, { recursive: true, force: true });
    // Builds of other versions or stamps are no longer used.
    for (const old of readdirSync(path.dirname(path.dirname(binary)))) {
      if (old !== path.basename(path.dirname(binary)) && !old.endsWith('.tmp')) rmSync(path.join(path.dirname(path.dirname(binary)), old), { recursive: true, force: true });
    }
    say('helm', `built in ${seconds(startedAt)}`);
  },
};
