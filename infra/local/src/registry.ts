import type { Component } from './component';
import { chromium } from './components/chromium';
import { ferretdb } from './components/ferretdb';
import { keycloak } from './components/keycloak';
import { maildev } from './components/maildev';
import { rabbitmq } from './components/rabbitmq';
import { redis } from './components/redis';

/**
 * Everything the runner manages, in start order. App processes (gateway, services, shell, remotes) can be
 * added here later as components with a launch() and a ready() check.
 */
export const components: Component[] = [ferretdb, redis, rabbitmq, maildev, keycloak, chromium];

export function pick(names: string[]): Component[] {
  if (names.length === 0) return components;
  const unknown = names.filter((name) => !components.some((c) => c.name === name));
  if (unknown.length > 0) throw new Error(`unknown component(s): ${unknown.join(', ')} (known: ${components.map((c) => c.name).join(', ')})`);
  return components.filter((c) => names.includes(c.name));
}
