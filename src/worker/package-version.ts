/**
 * The package's version, for the OpenAPI document a Worker serves (`info.version`). A Worker
 * has no file system to read package.json from, so it is written here; a test
 * (test/worker/worker.test.ts) fails when it differs from package.json, so a release that
 * bumps one without the other does not get through.
 */
export const PACKAGE_VERSION = '0.1.0';
