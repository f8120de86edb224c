import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Component } from '../component';
import { run } from '../exec';
import { InfraError } from '../errors';
import { say, seconds } from '../log';
import { cacheDir } from '../paths';

/** PyPI's kubernetes-validate: Kubernetes' JSON schemas and a validator, in a venv of its own. */
export const KUBERNETES_VALIDATE_VERSION = '1.37.0';
export const KUBERNETES_VALIDATE_INSTALL_COMMAND = 'npx tsx infra/local/src/cli.ts install kubernetes-validate';

function pythonVersion(): string {
  try {
    return execFileSync('python3', ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
  } catch {
    return 'none';
  }
}

/** The venv, keyed by the validator's version and the Python it was made with (a venv is not relocatable). */
export function kubernetesValidateVenv(): string {
  return path.join(cacheDir(), 'kubernetes-validate', `${KUBERNETES_VALIDATE_VERSION}-py${pythonVersion()}`);
}

export const kubernetesValidatePython = (): string => path.join(kubernetesValidateVenv(), 'bin', 'python');
const doneMarker = (): string => path.join(kubernetesValidateVenv(), '.kidslearn-installed');

export function kubernetesValidateInstalled(): boolean {
  return existsSync(doneMarker());
}

/** Install only: `python3 -m venv` + `pip install kubernetes-validate==<version>`, once. */
export const kubernetesValidate: Component = {
  name: 'kubernetes-validate',
  ports: [],
  async install() {
    if (kubernetesValidateInstalled()) return say('k8s-validate', `${KUBERNETES_VALIDATE_VERSION} cached`);
    const venv = kubernetesValidateVenv();
    if (venv.endsWith('-pynone')) throw new InfraError('kubernetes-validate', 'python3 was not found (it needs Python 3 with venv)');
    const startedAt = Date.now();
    // Made in place (a venv's scripts name its absolute path); the marker is written only once pip succeeded.
    rmSync(venv, { recursive: true, force: true });
    say('k8s-validate', `python3 -m venv + pip install kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`);
    await run('kubernetes-validate', 'python3', ['-m', 'venv', venv], { timeoutMs: 5 * 60_000 });
    await run('kubernetes-validate', path.join(venv, 'bin', 'pip'), ['install', '--disable-pip-version-check', '--no-input', '--quiet', `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`], {
      timeoutMs: 10 * 60_000,
    });
    writeFileSync(doneMarker(), `${new Date().toISOString()}\n`);
    say('k8s-validate', `installed in ${seconds(startedAt)}`);
  },
};
