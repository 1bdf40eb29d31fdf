// The two ways a command refuses. A UsageError is a command line that makes no sense: its message,
// then the usage text, exit 2. A CommandError is a sensible request the state refuses (a file that
// exists, an unknown account): its message alone, exit 1.
export class UsageError extends Error {}

export class CommandError extends Error {}
