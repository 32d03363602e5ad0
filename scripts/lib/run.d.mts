import type { SpawnOptions } from "node:child_process";
export function run(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export function waitForUrl(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
