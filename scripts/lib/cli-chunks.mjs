/**
 * The split files of the bundled CLI (scripts/bundle-cli.mjs), beside dist/cli/main.js: their
 * esbuild `chunkNames`, and the pattern of their file names that scripts/bundle-library.mjs
 * keeps when it deletes tsc's JavaScript and test/package/bundle.test.ts allows.
 */
export const CLI_CHUNK_NAMES = 'cli-[hash]';
export const CLI_CHUNK_FILE = /^cli-[A-Z0-9]+\.js$/;
