import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions, migrateDatabase, pendingSchemaChanges, type PostgresServer } from '#platform';
import { serviceNamed } from './services.js';

const USAGE = `Usage:
  migration run <service>             apply pending migrations to DATABASE_URL (under the migration lock)
  migration check <service>           fail when the entities and the migrations disagree
  migration generate <service> <Name> write a migration with what the entities need beyond the migrations

check and generate use a scratch database on TEST_DATABASE_URL's server, or an embedded one.`;

const [command, serviceName, migrationName] = process.argv.slice(2);

async function main(): Promise<number> {
  const service = serviceNamed(serviceName);
  switch (command) {
    case 'run': {
      const url = process.env.DATABASE_URL;
      if (!url) throw new Error('DATABASE_URL is required for migration run');
      const applied = await migrateDatabase(url, service.schema);
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'No pending migrations\n');
      return 0;
    }
    case 'check':
      return withMigratedScratchDatabase(service, async (dataSource) => {
        const changes = await pendingSchemaChanges(dataSource);
        if (changes.length === 0) {
          process.stdout.write(`${service.service}: entities and migrations agree\n`);
          return 0;
        }
        process.stderr.write(
          `${service.service}: the entities need SQL that no migration has:\n${changes.map((sql) => `  ${sql};`).join('\n')}\n`,
        );
        process.stderr.write(`Run: npm run migration:generate -- ${service.service} <Name>\n`);
        return 1;
      });
    case 'generate': {
      if (!migrationName || !/^[A-Z][A-Za-z0-9]*$/.test(migrationName)) throw new Error('Name the migration in PascalCase');
      return withMigratedScratchDatabase(service, async (dataSource) => {
        const sql = await dataSource.driver.createSchemaBuilder().log();
        if (sql.upQueries.length === 0) {
          process.stdout.write('Nothing to generate: entities and migrations agree\n');
          return 0;
        }
        const timestamp = Date.now();
        const className = `${migrationName}${timestamp}`;
        const file = path.resolve('apps', service.service, 'src/database/migrations', `${timestamp}-${migrationName}.ts`);
        const up = sql.upQueries.map((query) => statement(query.query, query.parameters));
        const down = sql.downQueries.reverse().map((query) => statement(query.query, query.parameters));
        await writeFile(file, migrationSource(className, up, down));
        process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}; add ${className} to migrations/index.ts\n`);
        return 0;
      });
    }
    default:
      process.stderr.write(`${USAGE}\n`);
      return 2;
  }
}

async function withMigratedScratchDatabase(
  service: ReturnType<typeof serviceNamed>,
  work: (dataSource: DataSource) => Promise<number>,
): Promise<number> {
  const server: PostgresServer = await acquirePostgresServer(process.env.TEST_DATABASE_URL);
  const name = `scratch_${service.databaseName}_${process.pid}_${Date.now()}`;
  await server.createDatabase(name);
  const dataSource = await new DataSource(dataSourceOptions(server.urlFor(name), service.schema)).initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
    await server.dropDatabase(name);
    await server.stop();
  }
}

function statement(sql: string, parameters: unknown[] | undefined): string {
  const escaped = sql.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${');
  const args = parameters && parameters.length > 0 ? `, ${JSON.stringify(parameters)}` : '';
  return `    await queryRunner.query(\`${escaped}\`${args});`;
}

function migrationSource(className: string, up: string[], down: string[]): string {
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up.join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down.join('\n')}
  }
}
`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
