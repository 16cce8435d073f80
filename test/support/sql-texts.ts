import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every file under apps/<app>/src and libs/<lib>/src whose name ends with `suffix`, relative to the root. */
export function sourceFiles(suffix: string): string[] {
  const files: string[] = [];
  for (const top of ['apps', 'libs']) {
    for (const pkg of readdirSync(path.join(ROOT, top))) {
      const src = path.join(top, pkg, 'src');
      let entries: string[];
      try {
        entries = readdirSync(path.join(ROOT, src), { recursive: true, encoding: 'utf8' });
      } catch {
        continue;
      }
      for (const entry of entries) if (entry.endsWith(suffix) && !entry.endsWith(`.d${suffix}`)) files.push(path.join(src, entry));
    }
  }
  return files.sort();
}

/** A migration's file: apps/<service>/src/database/migrations/*.ts, or the platform's *.migration.ts. */
export function isMigration(file: string): boolean {
  // An app's migrations, and the platform's own (libs/platform/src/<feature>/<name>.migration.ts, listed by both apps).
  return /^apps\/[^/]+\/src\/database\/migrations\/[^/]+\.ts$/.test(file) || /^libs\/platform\/src\/.+\.migration\.ts$/.test(file);
}

/**
 * The text of every string in a TypeScript source: literals, and templates with each `${…}` read as
 * `$1` (a value, as a bound parameter would be).
 */
export function stringsOf(source: string, fileName = 'probe.ts'): string[] {
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    else if (ts.isTemplateExpression(node))
      strings.push(node.head.text + node.templateSpans.map((span) => `$1${span.literal.text}`).join(''));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true));
  return strings;
}

export function readSource(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

/** What makes a text a database function or trigger: it belongs in its owner's sql/ folder. */
const ROUTINE =
  /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\b|\bCREATE\s+(?:CONSTRAINT\s+)?TRIGGER\b|\bLANGUAGE\s+plpgsql\b|\$[A-Za-z_]*\$|\bDO\s+\$/i;

/** The routine-defining fragments of a migration's strings (none is allowed). */
export function routinesIn(source: string, fileName?: string): string[] {
  return stringsOf(source, fileName)
    .map((text) => ROUTINE.exec(text)?.[0])
    .filter((found): found is string => found !== undefined);
}
