// The cached binaries the chart tests call, installed by the project's install step (infra/local). A missing one
// fails the test with the command that installs it: these tests never skip.
import { existsSync } from 'node:fs';
import { HELM_INSTALL_COMMAND, HELM_VERSION, helmBinary } from '../../../local/src/components/helm';
import {
  KUBERNETES_VALIDATE_INSTALL_COMMAND,
  KUBERNETES_VALIDATE_VERSION,
  kubernetesValidateInstalled,
  kubernetesValidatePython,
} from '../../../local/src/components/kubernetes-validate';

/** The Kubernetes version the chart is rendered for and validated against. */
export const KUBERNETES_VERSION = '1.37.0';

export function helm(): string {
  const binary = helmBinary();
  if (!existsSync(binary)) throw new Error(`Helm ${HELM_VERSION} is not installed at ${binary}: run \`${HELM_INSTALL_COMMAND}\` (or \`npm run infra:install\`)`);
  return binary;
}

export function validatorPython(): string {
  if (!kubernetesValidateInstalled()) {
    throw new Error(
      `kubernetes-validate ${KUBERNETES_VALIDATE_VERSION} is not installed: run \`${KUBERNETES_VALIDATE_INSTALL_COMMAND}\` (or \`npm run infra:install\`)`,
    );
  }
  return kubernetesValidatePython();
}
