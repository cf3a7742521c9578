// The keyword import's template, made from the importer's columns on each download.
export { templateLoader as loader } from "./__keyword-import.server";
