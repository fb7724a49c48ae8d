import { defineConfig } from 'tsup';
import { bundlePageSources } from './src/features/public/page-sources.js';

export default defineConfig(async () => {
  // The public page's script and stylesheet are bundled now, once, and their text takes the place
  // of the module that bundles them from sources: a built server never loads esbuild and does no
  // bundling when it starts.
  const page = await bundlePageSources();
  const text = (bytes: Uint8Array) => JSON.stringify(Buffer.from(bytes).toString('utf8'));
  const builtPage = [
    'const utf8 = new TextEncoder();',
    `const js = ${text(page.js)};`,
    `const interview = ${text(page.interview)};`,
    `const embed = ${text(page.embed)};`,
    `const css = ${text(page.css)};`,
    `const chunks = ${JSON.stringify(page.chunks.map((f) => ({ name: f.name, js: Buffer.from(f.js).toString('utf8') })))};`,
    `const imports = ${JSON.stringify(page.imports)};`,
    'export async function bundlePageSources() { return { js: utf8.encode(js), interview: utf8.encode(interview), embed: utf8.encode(embed), css: utf8.encode(css), chunks: chunks.map((f) => ({ name: f.name, js: utf8.encode(f.js) })), imports }; }',
  ].join('\n');
  return {
    // ESM only: the server is Node-only, and file-type (a dependency) ships no CommonJS.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    // scripts/serve.sh builds to run, not to publish: FORMLOOM_BUILD_DTS=0 skips the type declarations.
    dts: process.env.FORMLOOM_BUILD_DTS !== '0',
    sourcemap: true,
    clean: true,
    target: 'node22',
    platform: 'node',
    esbuildPlugins: [
      {
        name: 'built-page-sources',
        setup(build) {
          build.onResolve({ filter: /\/page-sources\.js$/ }, (args) => ({
            path: args.path,
            namespace: 'built-page-sources',
          }));
          build.onLoad({ filter: /.*/, namespace: 'built-page-sources' }, () => ({
            contents: builtPage,
            loader: 'js',
          }));
        },
      },
    ],
  };
});
