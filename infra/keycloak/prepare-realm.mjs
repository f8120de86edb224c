// Compose runs this before Keycloak imports the realm (node, no dependencies). The realm file in the
// repository is the development one; for operators (KIDSLEARN_DEMO unset or false) it drops the demo
// accounts and the password-grant test client, keeps the service account, and points Keycloak's mail
// at the operator's SMTP server. `KIDSLEARN_DEMO=true` (with `--profile demo`) imports it unchanged.
// Usage: node prepare-realm.mjs <realm.json> <out.json>
import { readFileSync, writeFileSync } from 'node:fs';

const [source, target] = process.argv.slice(2);
const realm = JSON.parse(readFileSync(source, 'utf8'));
const demo = process.env.KIDSLEARN_DEMO === 'true';

if (!demo) {
  realm.users = (realm.users ?? []).filter((user) => Boolean(user.serviceAccountClientId));
  realm.clients = (realm.clients ?? []).filter((client) => client.clientId !== 'kidslearn-test');
}
if (process.env.SMTP_HOST) {
  realm.smtpServer = { ...realm.smtpServer, host: process.env.SMTP_HOST, port: process.env.SMTP_PORT ?? '25', ...(process.env.SMTP_FROM ? { from: process.env.SMTP_FROM } : {}) };
}
writeFileSync(target, JSON.stringify(realm, null, 2));
console.log(`realm ${realm.realm}: ${demo ? 'demo (accounts and test client kept)' : 'operator (no demo accounts, no test client)'}`);
