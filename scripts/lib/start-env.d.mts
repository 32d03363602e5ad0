export function startEnv(
  processEnv: Record<string, string | undefined>,
  options?: { dev?: boolean },
): Record<string, string | undefined>;
export function apiUrlOf(env: Record<string, string | undefined>): string;
