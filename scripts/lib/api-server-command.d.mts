export const API_SERVER_SCRIPT: string;
export const API_NODE_FLAGS: string[];
export const API_SERVER_ARGS: string[];
