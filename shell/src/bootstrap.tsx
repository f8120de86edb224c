// Start-up: wires the platform, starts single-spa and renders the layout. Remotes are mounted as parcels by
// <RemoteArea> where the router says. A manifest that cannot be used shows the start-up error page instead.
// Evaluating the libraries is the longest piece of start-up work, so it is cut into tasks (the
// modules are in this chunk, "eager", and run when imported): the page keeps answering input.
import { startEarly } from './config/early-config';
import { recordSignedInUser } from './auth/record-user';
import { nextTask } from './startup/next-task';
import { showStartupError } from './startup/startup-error';
import { accessTo } from './areas/areas';

async function main() {
  const early = await startEarly();
  if (!early.ok) {
    showStartupError(early.problems);
    return;
  }
  const { startPlatform } = await import(/* webpackMode: "eager" */ './startup/start-platform');
  await nextTask();
  const started = startPlatform(early);
  await nextTask();
  const { renderShell } = await import(/* webpackMode: "eager" */ './startup/render-shell');
  await nextTask();
  renderShell(started);

  // A page open to everyone shows first and the session check (keycloak-js, its iframes) follows, so they
  // do not compete; guarded pages wait for the session, so it starts at once there.
  const page = early.areas.pageFor(window.location.pathname);
  if (page && accessTo(page, undefined) === 'open') await early.pageRemoteLoaded;
  await started.initAuth();
  await recordSignedInUser(started.platform);
}

void main();
