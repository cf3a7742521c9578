// The entity models in one import: `import { User, News } from "#db/models/index.server"`.
export { AuditLog } from "./audit-log.server";
export { Client } from "./client.server";
export { Company } from "./company.server";
export { DeletedUser } from "./deleted-user.server";
export { Compound } from "./compound.server";
export { Disease } from "./disease.server";
export { Event } from "./event.server";
export { ImportRun } from "./import-run.server";
export { Keyword } from "./keyword.server";
export { ListFence } from "./list-fence.server";
export { News } from "./news.server";
export { PasswordReset } from "./password-reset.server";
export { Session } from "./session.server";
export { StoredFile } from "./stored-file.server";
export { TherapeuticArea } from "./therapeutic-area.server";
export { Trial } from "./trial.server";
export { User } from "./user.server";
