export const WEB_SERVER_SCRIPT: string;
export const WEB_NODE_FLAGS: string[];
export const WEB_MEMORY_ENV: Record<string, string>;
export const WEB_SERVER_ARGS: string[];
export const WEB_SERVER_COMMAND_LINE: string;
