// The names the client → area → disease cascade's form and its server half share (app/components/scope-selects.tsx,
// app/utils/scope.server.ts).

/** The hidden fields naming the selection the options were drawn for, and the 'Choose' button's intent. */
export const SHOWN = { client: "shownClient", therapeuticArea: "shownArea", disease: "shownDisease" } as const;
export const CASCADE_INTENT = "cascade";
