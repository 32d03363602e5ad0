import { openApiDocument } from "./server/src/modules/openapi/document";
const d: any = openApiDocument();
console.log(Object.keys(d.paths).length, JSON.stringify(d.paths["/add-business"]).slice(0, 1500));
console.log(JSON.stringify(d.paths["/scan-list"]).slice(0, 800));
