export const WEB_NODE_FLAGS: string[];
export const WEB_MEMORY_ENV: Record<string, string>;
