// The compound import's template, made from the importer's columns on each download.
export { templateLoader as loader } from "./__compound-import.server";
