import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** An import of any of the app's folders `dirs`, by the alias or a relative path. */
const importOf = (dirs) => `^(~/|(\\.\\.?/)+)(${dirs.join("|")})(/|$)`;
/** Layers a folder may not reach; `typesOnly`: layers it may take types from (the shape of what a route hands it). */
const layers = (dirs, message, typesOnly = []) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: [
        { regex: importOf(dirs), message },
        ...(typesOnly.length ? [{ regex: importOf(typesOnly), message, allowTypeImports: true }] : []),
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "public/workers/",
      ".tools/",
      "data/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tests/api/schema.d.ts",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // The package's index reaches every component, so a bundle split by route would send every component any page
      // uses to every page (the shell's tooltip brought 320 KB of date pickers, menus and dialogs along).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react-aria-components", message: 'Import each component from its own module: "react-aria-components/Tooltip".' },
          ],
        },
      ],
    },
  },
  // The layers of docs/decisions/007-layout.md, from the top: routes → services → models → db; components and
  // reports draw what routes give them; utils are leaf helpers; common, db and workers know nothing of the app.
  {
    files: ["common/**", "db/**", "workers/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^~/", message: "common/, db/ and workers/ import nothing from app/." }] },
      ],
    },
  },
  {
    files: ["app/utils/**"],
    rules: layers(
      ["models", "services", "routes", "components", "reports"],
      "app/utils holds leaf helpers: no models, services, routes, components or reports.",
    ),
  },
  {
    files: ["app/models/**"],
    rules: layers(["services", "routes", "components", "reports"], "Models sit below services, routes, components and reports."),
  },
  { files: ["app/services/**"], rules: layers(["routes", "components"], "Services sit below routes and components.") },
  {
    files: ["app/components/**", "app/reports/**"],
    rules: layers(["routes", "services"], "Components and reports draw what routes hand them (a model's types at most).", ["models"]),
  },
);
