// Components that lib tests render import their stylesheets (`import "./data-table.css"`), which
// Next.js bundles; for this typecheck they are modules with nothing in them.
declare module "*.css";
