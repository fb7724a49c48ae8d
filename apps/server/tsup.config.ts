import { defineConfig } from 'tsup';

/**
 * One file, dist/formloom.js: the workspace packages (@formloom/server and @formloom/contract, from
 * their builds) and the pure-JS registry packages they use, bundled. One file loads in about a
 * third of the CPU time of the same code spread over node_modules (hundreds of module files each
 * resolved, read and, for CommonJS, lexed), and the packed `formloom` tarball installs alone from
 * the registry. What stays outside is this package's `dependencies` (tsup leaves those external):
 * better-sqlite3 (native), two large packages loaded only when used (gpt-tokenizer's encodings;
 * recheck, see below), css-tree (it reads its CSS data files beside its own modules at run time),
 * pdfkit (the same, its font metrics; loaded on the first PDF), stripe (its client, loaded on the
 * first payment) and the fonts of themes and PDFs
 * (files the server sends or embeds as they are).
 */
export default defineConfig({
  entry: { formloom: 'src/formloom.ts' },
  format: ['esm'],
  target: 'node22',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
  esbuildOptions(options) {
    options.minifyWhitespace = true;
    options.minifySyntax = true;
  },
  // pg asks for its optional native driver only when `pg.native` is read, which Formloom never does.
  external: ['pg-native'],
  // recheck's entry is listed so that tsup leaves it to the plugin below rather than marking it external.
  noExternal: [/^@formloom\//, /^recheck\/lib\/browser\.js$/],
  // The bundled CommonJS packages call require() for Node's modules; ESM output has no require.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  esbuildPlugins: [
    {
      // recheck's pure-JS build (the contract's ReDoS check on `pattern` rules) takes about 0.5 s
      // and 50 MB to load, and most starts never check a pattern. The contract imports it at the
      // top (it runs in browsers too, synchronously); here it becomes a module that requires the
      // same file the first time a pattern is checked. Same code, same verdicts, loaded on use.
      name: 'recheck-on-first-use',
      setup(build) {
        build.onResolve({ filter: /^recheck\/lib\/browser\.js$/ }, (args) =>
          // The shim's own require is left to Node (recheck is a dependency, installed beside the
          // bundle). Resolved here like the contract's import, it named the shim itself: every
          // check recursed until the stack overflowed, and no pattern was ever analysed.
          args.namespace === 'recheck-on-first-use'
            ? { path: args.path, external: true }
            : { path: args.path, namespace: 'recheck-on-first-use' },
        );
        build.onLoad({ filter: /.*/, namespace: 'recheck-on-first-use' }, () => ({
          loader: 'js',
          contents: [
            'let recheck;',
            "const load = () => (recheck ??= require('recheck/lib/browser.js'));",
            'export const check = (...args) => load().check(...args);',
            'export const checkSync = (...args) => load().checkSync(...args);',
            'export default { check, checkSync };',
          ].join('\n'),
        }));
      },
    },
  ],
});
