// Families (issue 24) in the quiz and gems tests: parent accounts (realm role `parent`), the link events content
// publishes, and the authorisation matrix every parent's route answers.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/contracts';
import { createLearner, keycloakAdmin, randomSuffix, tokenFor, type TestUser, type TokenSource } from '@kidslearn/lib-testkit';
import { call } from './http';

/** A fresh verified account with the realm roles user and parent (as Keycloak issues a parent's). */
export async function createParent(): Promise<TestUser> {
  const parent = await createLearner({ name: `Test Parent ${randomSuffix(2)}` });
  await keycloakAdmin().addRealmRole(parent.id, 'parent');
  // The first token was issued before the role: the next ones carry it.
  parent.token = await tokenFor(parent.email, parent.password);
  return parent;
}

/** The accounts a test made, gone when it ends. */
export async function deleteAccounts(users: (TestUser | undefined)[]): Promise<void> {
  await Promise.all(users.map((user) => (user ? keycloakAdmin().deleteUser(user.id).catch(() => undefined) : undefined)));
}

export interface TestLink {
  linkId: string;
  childEmail: string;
  parentEmail: string;
}

export const newLink = (childEmail: string, parentEmail: string): TestLink => ({ linkId: `link-${randomUUID()}`, childEmail, parentEmail });
export const linkedEvent = (link: TestLink, version = 1) => createEvent('family.linked', { ...link, approveGifts: true, monthlyGemCap: null, version });
export const unlinkedEvent = (link: TestLink, version = 2) => createEvent('family.unlinked', { ...link, version });

export interface Callers {
  learner: TokenSource;
  admin: TokenSource;
  otherParent: TokenSource;
  parent: TokenSource;
}

/** Anonymous 401, learner 403, admin 403, another parent 404 (as for no child at all), the parent 200. */
export const authorisationMatrix = (callers: () => Callers): [string, number, () => string | undefined][] => [
  ['nobody is signed in', 401, () => undefined],
  ['a learner (the child themself) asks', 403, () => callers().learner.token],
  ['an admin asks', 403, () => callers().admin.token],
  ["another parent asks for this parent's child", 404, () => callers().otherParent.token],
  ['the parent asks', 200, () => callers().parent.token],
];

export const getAs = (url: string, token: string | undefined) => call('GET', url, { token });
