import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DataTable, type Column } from "../components/ui/data-table";

type Visit = { id: number; name: string; stamps: number };

const columns: Column<Visit>[] = [
  { key: "name", header: "Customer", cell: (v) => v.name, labelled: false },
  { key: "stamps", header: "Stamps", cell: (v) => v.stamps },
];

const render = (rows: Visit[]) =>
  renderToStaticMarkup(
    createElement(DataTable<Visit>, {
      className: "scan-table stack-table",
      caption: "Visits",
      columns,
      rows,
      rowKey: (v) => v.id,
    }),
  );

const head =
  '<div class="table-scroll"><table class="scan-table stack-table"><caption class="visually-hidden">Visits</caption>' +
  '<thead><tr><th scope="col">Customer</th><th scope="col">Stamps</th></tr></thead>';

describe("DataTable", () => {
  it("renders a captioned table with a column header per column and no rows for no items", () => {
    expect(render([])).toBe(`${head}<tbody></tbody></table></div>`);
  });

  it("fills a row per item and labels each cell with its header for the phone layout, unless told not to", () => {
    expect(
      render([
        { id: 1, name: "Ada", stamps: 3 },
        { id: 2, name: "Bo", stamps: 0 },
      ]),
    ).toBe(
      `${head}<tbody>` +
        '<tr><td>Ada</td><td data-label="Stamps">3</td></tr>' +
        '<tr><td>Bo</td><td data-label="Stamps">0</td></tr>' +
        "</tbody></table></div>",
    );
  });
});
