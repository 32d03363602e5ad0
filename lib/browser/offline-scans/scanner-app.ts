/**
 * The staff scanner as an installed app: My Scans is its one page (the scanner and
 * the scans list), so it is the manifest's start and scope and its service worker's scope.
 */
export const SCANNER_START = "/dashboard/my-scans";
export const SCANNER_MANIFEST = "/scanner.webmanifest";
export const SCANNER_WORKER = "/scanner-sw.js";
