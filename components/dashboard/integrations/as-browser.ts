// For tests of query options in Node: React Query reads `window` once, when it loads, to decide
// whether it runs in a browser (where refetchInterval and focus refetches work). Import first.
Object.defineProperty(globalThis, "window", {
  value: { addEventListener: () => {}, removeEventListener: () => {} },
  configurable: true,
});
