/**
 * The package's version, the default `info.version` of the OpenAPI document `createApp`
 * serves, so the document names the release in every runtime (a Worker or Deno Deploy has no
 * package.json to read). Written here; a test (test/worker/worker.test.ts) fails when it
 * differs from package.json, so a release that bumps one without the other does not get through.
 */
export const PACKAGE_VERSION = '0.1.0';
