// Kubernetes' JSON schemas (PyPI kubernetes-validate, strict) over the built-in objects of a rendering.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { K8sObject } from './objects';
import { KUBERNETES_VERSION, validatorPython } from './tools';

export interface ValidationResult {
  kind: string;
  apiVersion: string;
  name: string;
  status: 'valid' | 'invalid' | 'skipped';
  message: string;
}

const script = path.join(__dirname, 'validate_objects.py');

export function validateBuiltIns(objects: K8sObject[]): ValidationResult[] {
  const output = execFileSync(validatorPython(), [script, KUBERNETES_VERSION], { input: JSON.stringify(objects), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(output) as ValidationResult[];
}

export const tally = (results: ValidationResult[]) => ({
  validated: results.length,
  valid: results.filter((r) => r.status === 'valid').length,
  invalid: results.filter((r) => r.status === 'invalid'),
  skipped: results.filter((r) => r.status === 'skipped'),
});
