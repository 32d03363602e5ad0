export function importing(spec: string, name?: string): string;
export function lintRuleIds(cases: { file: string; source: string }[]): string[][];
