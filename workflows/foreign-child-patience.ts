/**
 * How long a batch follows a child started elsewhere through its row before giving up on it. A
 * module of its own so that a test's workflow bundle can put a shorter patience in its place
 * (test/workflows/batch-children.test.ts) while the service's bundle keeps this one.
 */
export const FOREIGN_CHILD_PATIENCE_SECONDS = 3 * 60 * 60;
