/** Types of server-usage.mjs, for the servers of bench:http written in TypeScript. */
export function reportUsageToBench(): void;
