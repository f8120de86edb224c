import { rmSync } from 'node:fs';
import type { Component } from './component';
import { componentDir } from './paths';
import { assertNoErrors, startAll, stopAll } from './runner';

/** A server of its own for a drill or test that takes it down; the shared one is never touched. */
export interface PrivateServer {
  /** its component name: its run directory is .local/<name>, its log .local/<name>.log */
  name: string;
  url: string;
  port: number;
  /** Stops the process (SIGTERM through the runner); the port closes, clients see the server gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, and waits until it serves. */
  start(): Promise<void>;
  /** Stops it and removes its directories. */
  dispose(): Promise<void>;
}

/**
 * Starts `component` with the runner (pid file, marker, readiness) and answers its controls. `dirs` are removed
 * on dispose (its run directory under .local is always among them).
 */
export async function startPrivateServer(component: Component, url: string, dirs: string[] = []): Promise<PrivateServer> {
  const start = async () => assertNoErrors((await startAll([component], { install: false })).errors);
  await start();
  return {
    name: component.name,
    url,
    port: component.ports[0]!,
    async stop() {
      await stopAll([component]);
    },
    start,
    async dispose() {
      await stopAll([component]);
      for (const dir of [componentDir(component.name), ...dirs]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
