// How many rows a sheet holds, as the pages and messages say it: the data rows below the header row — the header
// itself is never counted (a sheet with a header and 18 rows of data has "18 data rows").

/** "1 data row", "18 data rows", "50,000 data rows". */
export function dataRowsText(count: number) {
  return `${count.toLocaleString("en-US")} data ${count === 1 ? "row" : "rows"}`;
}
