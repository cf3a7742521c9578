// Written by openapi-typescript from /api/v1/openapi.json: `npm run api:types` writes it again.

export interface paths {
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's owner */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/user-permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The clients, therapeutic areas and diseases the owner may see (user-app §7) */
        get: operations["getUserPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The clients the owner may see */
        get: operations["listClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/therapeutic-areas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client's therapeutic areas that the owner may see */
        get: operations["listTherapeuticAreas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{clientId}/therapeutic-areas/{taId}/diseases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A therapeutic area's diseases that the owner may see */
        get: operations["listDiseases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diseases/{diseaseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A disease and its reports */
        get: operations["getDisease"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diseases/{diseaseId}/reports/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A report's model, built from the disease's sheet by the engine the report page runs
         * @description The rows the report shows, the rows it left out with their reasons (invalidRecords), the footnotes and the sheet's read time. Options as on the report page: tm (the modality variant of the phase board), lot (LOT combined) and first (the timeline starting at the first launch). asOf (YYYY-MM-DD): the report as it stood on that day, from the sheet's version read by its end (sheetReadAt says when). A report the disease does not offer is a 404; a sheet that cannot be read, lacks columns or had not been read by asOf a 422 with the page's message. The news list (type list) comes from /news/search.
         */
        get: operations["getReportModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/diseases/{diseaseId}/reports/{type}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed in a report since a day: its rows then and now compared (issue 30)
         * @description The report as of asOf (default today) compared with the report as of since, both built with the same options (tm, lot, first): rows added and removed, phase moves, launch and primary completion slips, priority, segment, LOT, footnote and event changes, each with a sentence; a row matched by a similar name says so (uncertain). Rows are matched by the report's identity of a row. With them, the trial registry's primary completion moves seen in between, of trials the rows name.
         */
        get: operations["getReportChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/compounds/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The compounds of a client's diseases the owner may see, as the reports use them (user-app §7 /compounds/search)
         * @description By name, at most 1000; narrowed to a therapeutic area, a disease and a status when the filters say so.
         */
        post: operations["searchCompounds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of a client's published news, newest first (user-app §7 /news/search)
         * @description Only news of the diseases the owner may see. Follow nextPage (as forwardToken) for the next page. totalCount counts up to 1,000 (totalCountExact is false beyond). filterValues are the client's filter options, as GET /filters/news/{clientId}.
         */
        post: operations["searchNews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The news the filters select as PowerPoint, News.pptx (user-app §7 /news/export)
         * @description The deck the feed's Download News makes: a title slide with the filters, then a slide an item, 200 items at most.
         */
        post: operations["exportNews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news/{newsId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A news item in full, its content as sanitised HTML */
        get: operations["getNews"];
        /**
         * Changes a news item: the fields sent replace the item's (e.g. status to publish it)
         * @description The item with the fields sent must pass the editor's rules, as a whole. Recorded in the change log with the token's name.
         */
        put: operations["updateNews"];
        post?: never;
        /** Deletes a news item and the files uploaded with it */
        delete: operations["deleteNews"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/news": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Writes a news item, a draft or published (user-app §7 POST /news; admins, for the diseases they hold)
         * @description Checked as the editor checks it (user-app §5: the same rules and messages), its content sanitised. Attachments are web addresses (files are uploaded in the app). Recorded in the change log with the token's name.
         */
        post: operations["createNews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/filters/news/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client's news filter options (user-app §7 /filters/news) */
        get: operations["getNewsFilters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A client's active events, soonest first, of the diseases the owner may see (user-app §7 /events/search)
         * @description From today on unless startDate says otherwise. Follow nextPage (as forwardToken) for the next page.
         */
        post: operations["searchEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{eventId}/ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event as an .ics file, for Outlook, Google Calendar and the like */
        get: operations["getEventIcs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events the owner manages, by title (admin-console; editors and admins)
         * @description Follow nextPage (as forwardToken) for the next page.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/compounds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The compounds the owner manages, by generic name (user-app §7 /compounds; editors and admins)
         * @description Follow nextPage (as forwardToken) for the next page.
         */
        get: operations["listCompounds"];
        put?: never;
        /**
         * Adds a compound to a disease the owner holds (admin-console; editors and admins); its logo is uploaded in the console
         * @description Checked as the console's form checks it (its rules and messages: at least one name, the originator, a Phase 2 compound's mechanism of action and route of administration). Other names and approved geographies are comma-separated, as the form sends them; companies are ids (GET /companies). Recorded in the change log with the token's name.
         */
        post: operations["createCompound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/compounds/{compoundId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a compound: the fields sent replace the compound's (its logo stays) */
        put: operations["updateCompound"];
        post?: never;
        /** Deletes a compound no news item, event or trial names (one still named is made inactive instead) */
        delete: operations["deleteCompound"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The companies, by name (admin-console; editors and admins)
         * @description Follow nextPage (as forwardToken) for the next page.
         */
        get: operations["listCompanies"];
        put?: never;
        /**
         * Adds a company (admin-console; editors and admins); its logo is uploaded in the console
         * @description Checked as the console's form checks it (its rules and messages). Recorded in the change log with the token's name.
         */
        post: operations["createCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/companies/{companyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a company: the fields sent replace the company's (its logo stays) */
        put: operations["updateCompany"];
        post?: never;
        /** Deletes a company no compound, news item or company names */
        delete: operations["deleteCompany"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keywords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The keywords the owner manages, by name (admin-console; editors and admins)
         * @description Follow nextPage (as forwardToken) for the next page.
         */
        get: operations["listKeywords"];
        put?: never;
        /**
         * Adds a keyword to a disease the owner holds (admin-console; editors and admins)
         * @description Checked as the console's form checks it (its rules and messages). Recorded in the change log with the token's name.
         */
        post: operations["createKeyword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keywords/{keywordId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a keyword: the fields sent replace the keyword's (e.g. status to switch it off) */
        put: operations["updateKeyword"];
        post?: never;
        /** Deletes a keyword */
        delete: operations["deleteKeyword"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trials the owner manages, newest start first (admin-console; editors and admins)
         * @description Follow nextPage (as forwardToken) for the next page.
         */
        get: operations["listTrials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trials/{trialId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trial the owner manages, with what the registry sync saw change (primary completion slips among them) */
        get: operations["getTrial"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            errors?: {
                pointer: string;
                detail: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: {
                            first: string;
                            last: string;
                        };
                        email: string;
                        role: string;
                        status: string;
                        token: {
                            name: string;
                            /** @enum {string} */
                            scope: "read" | "read+write";
                        };
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUserPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        permissions: {
                            therapeuticArea: {
                                _id: string;
                                name: string;
                            };
                            diseases: {
                                _id: string;
                                name: string;
                            }[];
                        }[];
                    }[];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clients: {
                            _id: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTherapeuticAreas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        therapeuticAreas: {
                            _id: string;
                            name: string;
                            client: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDiseases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
                taId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        diseases: {
                            _id: string;
                            name: string;
                            therapeuticArea: string;
                            reportCount: number;
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                diseaseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        client: string;
                        therapeuticArea: string;
                        titlePrefix: string;
                        tm: boolean;
                        reports: {
                            /** @enum {string} */
                            id: "timeline-chart" | "timeline-table" | "event-calendar" | "list" | "landscape-type-1" | "landscape-type-2" | "landscape-type-3" | "events-2";
                            name: string;
                        }[];
                        link: string;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReportModel: {
        parameters: {
            query?: {
                tm?: "true" | "false";
                lot?: "true" | "false";
                first?: "true" | "false";
                asOf?: string;
            };
            header?: never;
            path: {
                diseaseId: string;
                type: "timeline-chart" | "timeline-table" | "event-calendar" | "landscape-type-1" | "landscape-type-2" | "landscape-type-3" | "events-2";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disease: {
                            _id: string;
                            name: string;
                        };
                        /** @enum {string} */
                        type: "timeline-chart" | "timeline-table" | "event-calendar" | "list" | "landscape-type-1" | "landscape-type-2" | "landscape-type-3" | "events-2";
                        name: string;
                        sheetReadAt: string;
                        link: string;
                        model: {
                            /** @constant */
                            ok: true;
                            /** @enum {string} */
                            type: "timeline-chart" | "timeline-table" | "event-calendar" | "list" | "landscape-type-1" | "landscape-type-2" | "landscape-type-3" | "events-2";
                            title: string;
                            footnotes: string[];
                            generalFootnotes: string[];
                            invalidRecords: {
                                sheetRow: number;
                                /** @enum {string} */
                                kind: "invalid-value" | "duplicate" | "left-behind";
                                reason: string;
                                column: string | null;
                                value: string | null;
                                duplicateOf: number | null;
                                values: {
                                    [key: string]: unknown;
                                };
                            }[];
                            warnings: {
                                sheetRow: number;
                                column: string;
                                value: string;
                                reason: string;
                            }[];
                            stats: {
                                dataRows: number;
                                shownRecords: number;
                                invalidRecords: number;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The disease's sheet cannot be read, lacks required columns or had not been read by asOf (the message says which) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Many reports are being built right now: try again after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReportChanges: {
        parameters: {
            query: {
                since: string;
                tm?: "true" | "false";
                lot?: "true" | "false";
                first?: "true" | "false";
                asOf?: string;
            };
            header?: never;
            path: {
                diseaseId: string;
                type: "timeline-chart" | "timeline-table" | "event-calendar" | "landscape-type-1" | "landscape-type-2" | "landscape-type-3";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disease: {
                            _id: string;
                            name: string;
                        };
                        /** @enum {string} */
                        type: "timeline-chart" | "timeline-table" | "event-calendar" | "list" | "landscape-type-1" | "landscape-type-2" | "landscape-type-3" | "events-2";
                        name: string;
                        since: string;
                        /** @description When the earlier version was read */
                        sheetReadAt: string;
                        link: string;
                        unchanged: number;
                        changes: {
                            kind: string;
                            key: string;
                            sheetRow: number | null;
                            product: string;
                            company: string;
                            from: string | null;
                            to: string | null;
                            text: string;
                            uncertain: boolean;
                        }[];
                        /** @description The registry's primary completion moves seen between the two days, of trials the rows name */
                        registry: {
                            sheetRow: number;
                            product: string;
                            trial: string;
                            from: string | null;
                            to: string | null;
                            seenAt: string;
                            text: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The sheet had not been read by one of the days, cannot be read or lacks required columns (the message says which) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Many reports are being built right now: try again after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchCompounds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filters: {
                        client: string;
                        therapeuticArea?: string;
                        disease?: string;
                        /** @enum {string} */
                        status?: "active" | "inactive";
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        compounds: {
                            _id: string;
                            name: string;
                            mechanismOfAction: string | null;
                            priority: string | null;
                            developmentPhase: string | null;
                            originator: {
                                _id: string;
                                name: string;
                            } | null;
                            patientSegment: string | null;
                            therapeuticModality: string | null;
                            isDMT: boolean;
                            therapeuticArea: string;
                            disease: string;
                            status: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchNews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 10 */
                    limit?: number;
                    /** @default 1 */
                    page?: number;
                    forwardToken?: string;
                    /**
                     * @default publishedAt
                     * @constant
                     */
                    orderBy?: "publishedAt";
                    filters: {
                        client: string;
                        /**
                         * @default published
                         * @constant
                         */
                        status?: "published";
                        /** @default [] */
                        diseases?: string[];
                        /** @default [] */
                        terms?: string[];
                        /** @default [] */
                        categories?: ("Commercial" | "Development Needs" | "Regulatory" | "Trial Initiation" | "Trial Results" | "Others")[];
                        /** @default [] */
                        priorities?: number[];
                        startDate?: string;
                        endDate?: string;
                        /** @default  */
                        search?: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        news: {
                            _id: string;
                            title: string;
                            analystCommentary: string;
                            publishedAt: number | null;
                            categories: string[];
                            priority: number;
                            disease: string | null;
                            companies: string[];
                            compounds: string[];
                            sources: {
                                name: string;
                                link: string | null;
                            }[];
                            attachments: {
                                name: string;
                                link: string;
                            }[];
                            link: string;
                        }[];
                        filterValues: {
                            diseases: {
                                value: string;
                                label: string;
                            }[];
                            terms: string[];
                            categories: string[];
                            priorities: {
                                value: number;
                                label: string;
                            }[];
                        };
                        totalCount: number;
                        totalCountExact: boolean;
                        nextPage: string | null;
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportNews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filters: {
                        client: string;
                        /**
                         * @default published
                         * @constant
                         */
                        status?: "published";
                        /** @default [] */
                        diseases?: string[];
                        /** @default [] */
                        terms?: string[];
                        /** @default [] */
                        categories?: ("Commercial" | "Development Needs" | "Regulatory" | "Trial Initiation" | "Trial Results" | "Others")[];
                        /** @default [] */
                        priorities?: number[];
                        startDate?: string;
                        endDate?: string;
                        /** @default  */
                        search?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.presentationml.presentation": string;
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Exports are busy: try again in a moment */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getNews: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                newsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        analystCommentary: string;
                        publishedAt: number | null;
                        categories: string[];
                        priority: number;
                        disease: string | null;
                        companies: string[];
                        compounds: string[];
                        sources: {
                            name: string;
                            link: string | null;
                        }[];
                        attachments: {
                            name: string;
                            link: string;
                        }[];
                        link: string;
                        content: string;
                        status: string;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateNews: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                newsId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client?: string;
                    therapeuticArea?: string;
                    disease?: string;
                    companies?: string[];
                    compounds?: string[];
                    categories?: ("Commercial" | "Development Needs" | "Regulatory" | "Trial Initiation" | "Trial Results" | "Others")[];
                    priority?: number;
                    title?: string;
                    content?: string;
                    publishedAt?: string;
                    /** @enum {string} */
                    status?: "draft" | "published";
                    sources?: {
                        name: string;
                        link?: string;
                    }[];
                    attachments?: {
                        name: string;
                        link: string;
                    }[];
                    analystCommentary?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        news: {
                            _id: string;
                            title: string;
                            analystCommentary: string;
                            publishedAt: number | null;
                            categories: string[];
                            priority: number;
                            disease: string | null;
                            companies: string[];
                            compounds: string[];
                            sources: {
                                name: string;
                                link: string | null;
                            }[];
                            attachments: {
                                name: string;
                                link: string;
                            }[];
                            link: string;
                            content: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteNews: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                newsId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createNews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client: string;
                    therapeuticArea: string;
                    disease: string;
                    companies: string[];
                    compounds: string[];
                    categories: ("Commercial" | "Development Needs" | "Regulatory" | "Trial Initiation" | "Trial Results" | "Others")[];
                    priority: number;
                    title: string;
                    content: string;
                    publishedAt?: string;
                    /** @enum {string} */
                    status: "draft" | "published";
                    sources?: {
                        name: string;
                        link?: string;
                    }[];
                    attachments?: {
                        name: string;
                        link: string;
                    }[];
                    analystCommentary?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        news: {
                            _id: string;
                            title: string;
                            analystCommentary: string;
                            publishedAt: number | null;
                            categories: string[];
                            priority: number;
                            disease: string | null;
                            companies: string[];
                            compounds: string[];
                            sources: {
                                name: string;
                                link: string | null;
                            }[];
                            attachments: {
                                name: string;
                                link: string;
                            }[];
                            link: string;
                            content: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getNewsFilters: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        diseases: {
                            value: string;
                            label: string;
                        }[];
                        terms: string[];
                        categories: string[];
                        priorities: {
                            value: number;
                            label: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 20 */
                    limit?: number;
                    forwardToken?: string;
                    filters: {
                        client: string;
                        therapeuticArea?: string;
                        disease?: string;
                        compound?: string;
                        /** @enum {string} */
                        type?: "Conference" | "Regulatory/ Other Development" | "Trial Initiation/ Results" | "Commercial";
                        startDate?: string;
                        endDate?: string;
                        /**
                         * @default active
                         * @constant
                         */
                        status?: "active";
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            _id: string;
                            title: string;
                            type: string;
                            summary: string;
                            startDateTime: string;
                            endDateTime: string;
                            timezone: string;
                            important: boolean;
                            disease: string | null;
                            compound: string | null;
                            ics: string;
                        }[];
                        nextPage: string | null;
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEventIcs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                name?: string;
                forwardToken?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            _id: string;
                            title: string;
                            type: string;
                            client: string;
                            area: string;
                            disease: string;
                            compound: string;
                            start: string;
                            end: string;
                            status: string;
                        }[];
                        nextPage: string | null;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCompounds: {
        parameters: {
            query?: {
                name?: string;
                forwardToken?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        compounds: {
                            _id: string;
                            name: string;
                            otherNames: string[];
                            client: string;
                            area: string;
                            disease: string;
                            originator: string;
                            phase: string;
                            priority: string;
                            status: string;
                        }[];
                        nextPage: string | null;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCompound: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: {
                        brand?: string;
                        generic?: string;
                        scientific?: string;
                        other?: string;
                    };
                    client: string;
                    therapeuticArea: string;
                    disease: string;
                    originator: string;
                    licensee?: {
                        /** @enum {string} */
                        region: "US" | "EU" | "Japan" | "China" | "Global";
                        companies: string[];
                    }[];
                    approvedInGeographies?: string;
                    compoundWebsite?: string;
                    routeOfAdministration?: string;
                    mechanismOfAction?: string;
                    /** @enum {string} */
                    therapeuticModality: "Small Molecule" | "mAb" | "Vaccine" | "AntagoNAT" | "ASO" | "Cell Therapy" | "Gene Therapy" | "Olegonucleotide" | "Peptide" | "RNAi" | "Stem Cell" | "Large Molecule";
                    priority: number;
                    /** @enum {string} */
                    developmentPhase: "Discovery" | "Pre-clinical" | "Phase 1" | "Phase 1/2" | "Phase 2" | "Phase 2/3" | "Phase 3" | "Phase 4" | "Filed/Registered" | "Approved" | "Marketed" | "Terminated" | "Withdrawn" | "Suspended" | "Others";
                    isDMT?: boolean;
                    /** @enum {string} */
                    status: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        compound: {
                            _id: string;
                            name: string;
                            otherNames: string[];
                            client: string;
                            area: string;
                            disease: string;
                            originator: string;
                            phase: string;
                            priority: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCompound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                compoundId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: {
                        brand?: string;
                        generic?: string;
                        scientific?: string;
                        other?: string;
                    };
                    client?: string;
                    therapeuticArea?: string;
                    disease?: string;
                    originator?: string;
                    licensee?: {
                        /** @enum {string} */
                        region: "US" | "EU" | "Japan" | "China" | "Global";
                        companies: string[];
                    }[];
                    approvedInGeographies?: string;
                    compoundWebsite?: string;
                    routeOfAdministration?: string;
                    mechanismOfAction?: string;
                    /** @enum {string} */
                    therapeuticModality?: "Small Molecule" | "mAb" | "Vaccine" | "AntagoNAT" | "ASO" | "Cell Therapy" | "Gene Therapy" | "Olegonucleotide" | "Peptide" | "RNAi" | "Stem Cell" | "Large Molecule";
                    priority?: number;
                    /** @enum {string} */
                    developmentPhase?: "Discovery" | "Pre-clinical" | "Phase 1" | "Phase 1/2" | "Phase 2" | "Phase 2/3" | "Phase 3" | "Phase 4" | "Filed/Registered" | "Approved" | "Marketed" | "Terminated" | "Withdrawn" | "Suspended" | "Others";
                    isDMT?: boolean;
                    /** @enum {string} */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        compound: {
                            _id: string;
                            name: string;
                            otherNames: string[];
                            client: string;
                            area: string;
                            disease: string;
                            originator: string;
                            phase: string;
                            priority: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCompound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                compoundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The compound is still named by news, events or trials (the message says how many) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCompanies: {
        parameters: {
            query?: {
                name?: string;
                forwardToken?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companies: {
                            _id: string;
                            name: string;
                            type: string;
                            parent: string;
                            website: string | null;
                            thumbnail: string | null;
                            status: string;
                        }[];
                        nextPage: string | null;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "Pharmaceutical" | "Biotech" | "Academic Institution" | "Med Tech" | "Others";
                    website?: string;
                    alias?: string;
                    headquarters?: string;
                    parentCompany?: string;
                    /** @enum {string} */
                    status: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                            type: string;
                            parent: string;
                            website: string | null;
                            thumbnail: string | null;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    type?: "Pharmaceutical" | "Biotech" | "Academic Institution" | "Med Tech" | "Others";
                    website?: string;
                    alias?: string;
                    headquarters?: string;
                    parentCompany?: string;
                    /** @enum {string} */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                            type: string;
                            parent: string;
                            website: string | null;
                            thumbnail: string | null;
                            status: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The company is still named by compounds, news or companies (the message says how many) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listKeywords: {
        parameters: {
            query?: {
                name?: string;
                forwardToken?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keywords: {
                            _id: string;
                            name: string;
                            status: string;
                            client: string;
                            area: string;
                            disease: string;
                            priority: string;
                        }[];
                        nextPage: string | null;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createKeyword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    status: "active" | "inactive";
                    client: string;
                    therapeuticArea: string;
                    disease: string;
                    priority: number;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keyword: {
                            _id: string;
                            name: string;
                            status: string;
                            client: string;
                            area: string;
                            disease: string;
                            priority: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateKeyword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keywordId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    status?: "active" | "inactive";
                    client?: string;
                    therapeuticArea?: string;
                    disease?: string;
                    priority?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keyword: {
                            _id: string;
                            name: string;
                            status: string;
                            client: string;
                            area: string;
                            disease: string;
                            priority: string;
                        };
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not JSON (Content-Type: application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteKeyword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keywordId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTrials: {
        parameters: {
            query?: {
                name?: string;
                forwardToken?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trials: {
                            _id: string;
                            title: string;
                            identifier: string;
                            phase: string;
                            client: string;
                            area: string;
                            disease: string;
                            compound: string;
                            status: string;
                        }[];
                        nextPage: string | null;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTrial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                trialId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        identifier: string | null;
                        acronyms: string | null;
                        phase: string | null;
                        trialStatus: string | null;
                        startDateTime: string | null;
                        primaryCompletionDate: string | null;
                        status: string;
                        registryHistory: {
                            field: string;
                            previous: string;
                            next: string;
                            seenAt: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read (see errors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No token, or one unknown, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The owner is not active, or the token or owner may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Nothing the owner may see has this address (another client's record is not there either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token's rate limit: wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
