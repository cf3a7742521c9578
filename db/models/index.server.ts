// Every model in one import: `import { User, News } from "#db/models/index.server"`.
export { Client, type ClientDoc } from "./client.server";
export { Company, type CompanyDoc } from "./company.server";
export { Compound, type CompoundDoc } from "./compound.server";
export { Disease, type DiseaseDoc } from "./disease.server";
export { Event, type EventDoc } from "./event.server";
export { Keyword, type KeywordDoc } from "./keyword.server";
export { News, type NewsDoc } from "./news.server";
export { PasswordReset, type PasswordResetDoc } from "./password-reset.server";
export { Session, type SessionDoc } from "./session.server";
export { SheetCache, SheetCacheChunk, type SheetCacheDoc } from "./sheet-cache.server";
export { TherapeuticArea, type TherapeuticAreaDoc } from "./therapeutic-area.server";
export { Trial, type TrialDoc } from "./trial.server";
export { User, type UserDoc } from "./user.server";
