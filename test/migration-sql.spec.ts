import { isMigration, readSource, routinesIn, sourceFiles } from './support/sql-texts.js';

// Every database function and trigger lives in its owner's versioned sql/ folder
// (<feature>/sql/README.md), loaded by a migration through runSqlFile (#platform); a migration's own
// strings hold schema and data statements only.

describe('no database function or trigger inside a migration string', () => {
  const migrations = sourceFiles('.ts').filter(isMigration);

  it('finds the migrations of both services', () => {
    expect(migrations.filter((file) => file.startsWith('apps/lead-distribution/')).length).toBeGreaterThan(10);
    expect(migrations.filter((file) => file.startsWith('apps/coverage-claims/')).length).toBeGreaterThan(10);
  });

  it.each(migrations)('%s defines no function, trigger or $$ body in its strings', (file) => {
    expect(routinesIn(readSource(file), file)).toEqual([]);
  });

  it('fails a migration that creates a function or trigger in a string', () => {
    const planted = [
      'export class Planted { async up(q) {',
      '  await q.query(`CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN RETURN NULL; END $fn$`);',
      "  await q.query('CREATE TRIGGER t AFTER INSERT ON leads FOR EACH STATEMENT EXECUTE FUNCTION f()');",
      '  await q.query(`DO $$ BEGIN PERFORM 1; END $$`);',
      '} }',
    ].join('\n');
    expect(routinesIn(planted)).toEqual(['CREATE FUNCTION', 'CREATE TRIGGER', 'DO $']);
  });

  it('passes the statements a migration may hold, dropping a function included', () => {
    const allowed =
      "await q.query(`DROP FUNCTION register_leads_v1`); await q.query(`CREATE INDEX i ON t (a)`); await q.query('DROP TRIGGER t ON leads');";
    expect(routinesIn(allowed)).toEqual([]);
  });
});
