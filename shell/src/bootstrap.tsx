// single-spa root config: wires the platform, starts single-spa and renders the layout. Remotes are
// mounted as parcels by <RemoteArea> where the router says.
// Evaluating the libraries is the longest piece of start-up work, so it is cut into tasks (the
// modules are in this chunk, "eager", and run when imported): the page keeps answering input.
import { startEarly } from './config/early-config';
import { recordSignedInUser } from './auth/record-user';
import { nextTask } from './startup/next-task';

async function main() {
  const early = await startEarly();
  const { startPlatform } = await import(/* webpackMode: "eager" */ './startup/start-platform');
  await nextTask();
  const started = startPlatform(early);
  await nextTask();
  const { renderShell } = await import(/* webpackMode: "eager" */ './startup/render-shell');
  await nextTask();
  renderShell(started);

  // A public page shows first and the session check (keycloak-js, its iframes) follows, so they do
  // not compete; guarded pages wait for the session, so it starts at once there.
  if (early.pageRemote === 'mfe_public') await early.pageRemoteLoaded;
  await started.initAuth();
  await recordSignedInUser(started.platform);
}

void main();
