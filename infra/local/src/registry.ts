import type { Component } from './component';
import { frontends, services } from './components/apps';
import { chromium } from './components/chromium';
import { ferretdb } from './components/ferretdb';
import { helm } from './components/helm';
import { keycloak } from './components/keycloak';
import { kubernetesValidate } from './components/kubernetes-validate';
import { maildev } from './components/maildev';
import { rabbitmq } from './components/rabbitmq';
import { redis } from './components/redis';

/** The servers the integration tests need (what the Jest global setup starts), and the tools the tests call. */
export const infrastructure: Component[] = [ferretdb, redis, rabbitmq, maildev, keycloak, chromium, helm, kubernetesValidate];
/** Everything the runner manages, in start order: infrastructure, services and gateway, frontends. */
export const components: Component[] = [...infrastructure, ...services, ...frontends];

/** Names that stand for several components on the command line. */
export const groups: Record<string, Component[]> = { infra: infrastructure, services, frontends, portal: components };

export function pick(names: string[]): Component[] {
  if (names.length === 0) return components;
  if (names.every((name) => name in groups)) return components.filter((c) => names.some((name) => groups[name]!.includes(c)));
  const unknown = names.filter((name) => !components.some((c) => c.name === name));
  if (unknown.length > 0) throw new Error(`unknown component(s): ${unknown.join(', ')} (known: ${components.map((c) => c.name).join(', ')})`);
  return components.filter((c) => names.includes(c.name));
}
