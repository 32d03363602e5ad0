import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

/** Web code the API server must not import: lib/, app/, components/ (the shared contract is contract/). */
export const SERVER_IMPORT_PATTERNS = [
  {
    regex: "^(?:\\.\\./)+(?:lib(?:/|$)|app/|components/|proxy$|instrumentation$)",
    message: "The API server imports no web code: move what both sides need under contract/.",
  },
  {
    regex: "^@/(?!contract(?:/|$))",
    message: "The API server imports no web code: move what both sides need under contract/.",
  },
];

/**
 * What the browser's code (components/, lib/browser/) must not import: the whole contract of calls
 * brings zod and every schema of the product into each page's first-load JavaScript. The browser
 * names its calls in contract/browser-calls.ts; a form imports its own schema where it is used.
 */
export const BROWSER_IMPORT_PATTERNS = [
  {
    regex: "^(?:@/|(?:\\.\\./)+)contract/calls$",
    message:
      "The browser's calls are contract/browser-calls.ts (method and path, the types from the contract): " +
      "contract/calls brings every schema and zod into the page. Import a form's schema where the form is.",
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "server/dist/**",
      "dist/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "bench/baseline/.next/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      // A rule for the Pages Router's client-side links. With the public site under app/[locale]
      // it reads every one-segment path (/login, /register) as a page of that dynamic segment;
      // the links between the public site and the other parts cross root layouts, which load the
      // whole document whichever element is used.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  {
    // The API server imports no web code: what both halves need lives in contract/, which
    // imports nothing of the web app. server/test/unit/server-imports.test.ts proves
    // the rule fires.
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: SERVER_IMPORT_PATTERNS }],
    },
  },
  {
    // A plain submit button works from the first paint: pressed before the page's scripts run, the
    // browser sends its form itself, as a GET with every field in the address. Button is disabled
    // until then (or, with `replayed`, its press is kept by a form action). lib/submit-buttons.test.ts
    // proves the rule fires.
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='type'][value.value='submit']",
          message:
            "Use Button from components/ui/button for a submit button: a plain one sends its form before hydration.",
        },
      ],
    },
  },
  {
    // Tests may read the whole contract: they are not shipped to a browser.
    files: ["components/**/*.{ts,tsx}", "lib/browser/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: BROWSER_IMPORT_PATTERNS }],
    },
  },
];

export default config;
