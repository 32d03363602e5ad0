// Jest configuration (CommonJS: package.json has no "type": "module"). It is a .js file rather
// than jest.config.ts because Jest on Node 20 needs ts-node to read a TypeScript config, and the
// project does not install it.
//
//   npm run test:unit   lib/**/*.test.ts and server/test/unit (no database)
//   npm run test:api    server/test/api, each file on its own clone of one migrated template
//                       database (one embedded PostgreSQL server per run by default,
//                       DATABASE_URL's PostgreSQL when it is set)

/** TypeScript through SWC, emitted as CommonJS. Type checking is `tsc --noEmit`'s job. */
const swcTypescript = [
  "@swc/jest",
  {
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  },
];

/** The same for .tsx, with React's automatic JSX runtime as Next.js compiles it. */
const swcTsx = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  },
];

// fastify's `inject` (light-my-request) requires cookie@2, and the business module imports
// country-to-currency: ES-module-only packages, as are intl-messageformat 12 and its @formatjs
// parts (the server's mail and pass texts), next-intl/use-intl (the card's translator
// in lib/) and icu-minify (the build's compiled catalogues, in lib/i18n's tests). Node 20 loads them natively (require(esm)) but Jest's module sandbox cannot, so those
// are compiled to CommonJS too; the rest of node_modules is left alone.
const swcEsm = [
  "@swc/jest",
  { jsc: { parser: { syntax: "ecmascript" }, target: "es2022" }, module: { type: "commonjs" } },
];
const esmOnly =
  "/node_modules/(light-my-request/node_modules/cookie|country-to-currency|intl-messageformat|icu-minify|@formatjs|next-intl|use-intl|google-auth-library/node_modules/(gaxios|node-fetch|data-uri-to-buffer)|fetch-blob|formdata-polyfill|node-domexception)/";

const common = {
  rootDir: __dirname,
  testEnvironment: "node",
  transform: {
    [`${esmOnly}.+\\.js$`]: swcEsm,
    // The project's own plain-JavaScript modules that Node-run config imports too (lib/public-pages.mjs).
    "^.+\\.mjs$": swcEsm,
    "^.+\\.ts$": swcTypescript,
    "^.+\\.tsx$": swcTsx,
  },
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  // The root tsconfig's `@/…` alias, for the app's lib/ files.
  // `server-only` throws outside a React Server build; in tests it is the no-op it is on the server.
  // A component's stylesheet (`import "./data-table.css"`) is the bundler's: nothing to run in a test.
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/node_modules/server-only/empty.js",
    "\\.css$": "<rootDir>/node_modules/server-only/empty.js",
  },
  transformIgnorePatterns: [
    "(?<!/light-my-request|/google-auth-library)/node_modules/(?!light-my-request/node_modules/cookie/|country-to-currency/|intl-messageformat/|icu-minify/|@formatjs/|next-intl/|use-intl/|google-auth-library/node_modules/(gaxios|node-fetch|data-uri-to-buffer)/|fetch-blob/|formdata-polyfill/|node-domexception/)",
  ],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.next/", "<rootDir>/server/dist/", "<rootDir>/e2e/"],
  modulePathIgnorePatterns: ["<rootDir>/.next/", "<rootDir>/server/dist/"],
};

/** @type {import('jest').Config} */
module.exports = {
  // The machine has 2 cores: one worker per core.
  maxWorkers: 2,
  // A global option (a project's own testTimeout is ignored): API tests hash passwords with argon2id
  // and run beside the rest of the suite on 2 cores, where 5 s is too tight.
  testTimeout: 30_000,
  // The longest files first, by their times in Jest's cache or, on a fresh checkout, the recorded ones.
  testSequencer: "<rootDir>/jest-sequencer.mjs",
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: [
        "<rootDir>/contract/**/*.test.ts",
        "<rootDir>/lib/**/*.test.ts",
        "<rootDir>/web-server/**/*.test.ts",
        "<rootDir>/components/**/*.test.ts",
        "<rootDir>/server/test/unit/**/*.test.ts",
      ],
    },
    {
      ...common,
      displayName: "api",
      testMatch: ["<rootDir>/server/test/api/**/*.test.ts"],
      // ONE migrated template database per run (on one embedded PostgreSQL server by default);
      // every test file clones it (helpers/db.ts).
      globalSetup: "<rootDir>/server/test/helpers/global-setup.ts",
      globalTeardown: "<rootDir>/server/test/helpers/global-teardown.ts",
    },
  ],
};
