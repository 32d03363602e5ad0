export type BuildTarget = { output: string; sources: string[]; command?: string[] };
export const targets: Record<"server" | "web", Required<BuildTarget>>;
export function isStale(target: BuildTarget): boolean;
