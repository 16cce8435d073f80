/** Name of the migrated template database of a service for one test run (shared by set-up and tests). */
export function templateName(runId, databaseName) {
  return `tpl_${runId}_${databaseName}`;
}
