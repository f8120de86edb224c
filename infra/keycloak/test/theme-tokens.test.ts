import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const declarations = (css: string) => [...css.matchAll(/(--kl-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => `${name}: ${value!.trim()}`);

describe('design tokens: one set for the portal and the Keycloak login theme', () => {
  it('when the login theme is served, then its tokens are exactly the kit’s (same names, same values)', () => {
    const kit = readFileSync(path.join(root, 'kit/src/ui/tokens.css'), 'utf8');
    const theme = readFileSync(path.join(root, 'infra/keycloak/themes/kidslearn/login/resources/css/kidslearn.css'), 'utf8');
    const themeTokens = theme.slice(theme.indexOf('/* tokens:start'), theme.indexOf('/* tokens:end */'));
    expect(declarations(themeTokens)).toEqual(declarations(kit));
  });

  it('when the login theme uses a token, then the token exists in the kit (no second vocabulary)', () => {
    const kit = new Set(declarations(readFileSync(path.join(root, 'kit/src/ui/tokens.css'), 'utf8')).map((line) => line.split(':')[0]));
    const theme = readFileSync(path.join(root, 'infra/keycloak/themes/kidslearn/login/resources/css/kidslearn.css'), 'utf8');
    const used = new Set([...theme.matchAll(/var\((--kl-[\w-]+)\)/g)].map(([, name]) => name!));
    expect([...used].filter((name) => !kit.has(name))).toEqual([]);
  });
});
