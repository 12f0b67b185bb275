/** Types of pack.mjs, for the TypeScript that uses it (test/runtimes/project.ts). */
export const ROOT: string;
export function run(command: string, args: readonly string[], options?: object): void;
export function npm(args: readonly string[], options?: object): void;
export function build(): void;
export function pack(destination: string): {
  tarball: string;
  report: {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
    files: { path: string; size: number; mode: number }[];
  };
};
export function formatBytes(bytes: number): string;
