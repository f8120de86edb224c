import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The tests call rabbitmqctl as they call the local runner's (`$RABBITMQCTL -n <node> …`, with host files for
 * import_definitions). Against the broker container this script runs it there instead (the docker CLI): it drops
 * `-n <node>` (the container has one node) and copies each argument that is a file on the host into the container.
 */
export function writeRabbitmqctlWrapper(dir: string, containerId: string): string {
  if (!/^[0-9a-f]{12,64}$/.test(containerId)) throw new Error(`not a container id: ${containerId}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'rabbitmqctl');
  writeFileSync(
    file,
    [
      '#!/usr/bin/env bash',
      '# Written by infra/local/src/jest/containers (KIDSLEARN_INFRA=containers): rabbitmqctl in the test broker container.',
      'set -euo pipefail',
      `container=${containerId}`,
      'args=()',
      'while [ $# -gt 0 ]; do',
      '  if [ "$1" = "-n" ]; then shift 2; continue; fi',
      '  if [ -f "$1" ]; then',
      '    target="/tmp/kidslearn-$(basename "$1")"',
      '    docker cp "$1" "$container:$target" >/dev/null',
      '    args+=("$target")',
      '  else',
      '    args+=("$1")',
      '  fi',
      '  shift',
      'done',
      'exec docker exec "$container" rabbitmqctl "${args[@]}"',
      '',
    ].join('\n'),
  );
  chmodSync(file, 0o755);
  return file;
}
