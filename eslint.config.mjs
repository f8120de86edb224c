import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

// One layering for every service (services/README.md "Layout"): entry-points → use-cases → domain; data-access
// implements the domain's ports; the composition root (app.ts, start.ts, …) wires them. No service imports
// another; no remote imports the shell or another remote. Enforced with no-restricted-imports (regex patterns on
// the import path), one rule set per layer.
const SERVICES = ['content', 'quiz', 'gems', 'gifts', 'gateway'];
const REMOTES = ['mfe-public', 'mfe-learning', 'mfe-rewards', 'mfe-admin', 'mfe-family'];
const layer = (name) => ({ regex: `(^|/)${name}(/|$)`, message: `this layer may not import ${name} (services/README.md "Layout")` });
const infrastructure = (message) => ['express', 'mongoose', 'ioredis', 'amqplib', '@kidslearn/lib-mongo', '@kidslearn/lib-redis', '@kidslearn/lib-http', '@kidslearn/lib-service'].map((name) => ({ regex: `^${name}(/|$)`, message }));
const otherServices = (own) =>
  SERVICES.filter((s) => s !== own).map((other) => ({ regex: `(^@kidslearn/${other}(/|$))|((^|/)services/${other}/)|(^(\\.\\./)+${other}/)`, message: 'a service never imports another service: share through contracts/ or a lib' }));
const serviceLayers = (service) => {
  const root = `services/${service}/src`;
  const own = otherServices(service);
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...own, ...patterns] }] });
  return [
    { files: [`${root}/**/*.ts`], rules: rule([]) },
    { files: [`${root}/domain/**/*.ts`], rules: rule([layer('use-cases'), layer('data-access'), layer('entry-points'), ...infrastructure('the domain is plain rules and ports: no framework, no database'), { regex: '^@kidslearn/lib-events(/|$)', message: 'the domain knows events only as data (contracts)' }]) },
    { files: [`${root}/use-cases/**/*.ts`], rules: rule([layer('data-access'), layer('entry-points'), ...infrastructure('a use case reaches the outside through the domain\'s ports')]) },
    { files: [`${root}/data-access/**/*.ts`], rules: rule([layer('use-cases'), layer('entry-points')]) },
    { files: [`${root}/entry-points/**/*.ts`], rules: rule([layer('data-access')]) },
  ];
};
// Inside a remote, features read the area through its api module (kit defineArea), never back up from its root (app/).
const featureLayer = { regex: '(^|/)app/', message: "a feature never imports the area's root (app/): use the hooks of its api module (kit defineArea)" };
const remoteBoundaries = REMOTES.flatMap((remote) => [{
  files: [`${remote}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '(^@kidslearn/shell(/|$))|((^|/)shell/src/)', message: 'a remote never imports the shell: it gets the platform object (kit/README.md)' },
          ...REMOTES.filter((r) => r !== remote).map((other) => ({ regex: `(^@kidslearn/${other}(/|$))|((^|/)${other}/)`, message: 'a remote never imports another remote' })),
        ],
      },
    ],
  },
}, {
  files: [`${remote}/src/features/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '(^@kidslearn/shell(/|$))|((^|/)shell/src/)', message: 'a remote never imports the shell: it gets the platform object (kit/README.md)' },
          ...REMOTES.filter((r) => r !== remote).map((other) => ({ regex: `(^@kidslearn/${other}(/|$))|((^|/)${other}/)`, message: 'a remote never imports another remote' })),
          featureLayer,
        ],
      },
    ],
  },
}]);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.cache/**', '**/.data/**', '**/.local/**', '**/coverage/**', 'jest/**', 'infra/keycloak/themes/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['kit/**', 'shell/**', 'mfe-*/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // React's rules of hooks and accessibility checks on every app's JSX.
  {
    files: ['kit/**/*.tsx', 'shell/**/*.tsx', 'mfe-*/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error', ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...SERVICES.flatMap(serviceLayers),
  ...remoteBoundaries,
);
