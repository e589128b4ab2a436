// What the pages put on `window` for tests and for embedding pages to read.
interface Window {
  /** Test hooks of the main, compare and embed pages (tests/e2e). */
  pathlab: Record<string, any>;
  /** The embed page's state, for tests. */
  pathlabEmbed: Record<string, any>;
  /** The JS API for pages that import www/pathlab.js without a module system. */
  Pathlab: unknown;
  /** The tutorial page's hooks, for tests. */
  tutorial: Record<string, any>;
  /** The Learn page's hooks, for tests. */
  learnPage: Record<string, any>;
}
