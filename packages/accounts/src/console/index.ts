/** The console's use cases (issue 16, 17): one per file; each writes the audit log before it answers. */
export type { ConsolePage, ConsolePorts } from './ports.js';
export { listWaitingChats } from './list-waiting-chats.js';
export { readChat } from './read-chat.js';
export { answerChat } from './answer-chat.js';
export { writeToUser } from './write-to-user.js';
export { listDeclarations } from './list-declarations.js';
export { readDeclaration } from './read-declaration.js';
export { listClaims } from './list-claims.js';
export { readClaim } from './read-claim.js';
export { moveClaim } from './move-claim.js';
export { addStaffMember, listStaffMembers } from './staff-members.js';
