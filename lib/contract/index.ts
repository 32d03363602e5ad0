export * from "./envelope";
export * from "./fields";
export * from "./auth";
export * from "./calls";
export * from "./plans";
export * from "./site";
