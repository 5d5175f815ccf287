/**
 * CLI: prints the DDL that creates the whole data model of prisma/schema.prisma in an
 * empty database, in Prisma Migrate's layout. Use it to write the first migration, or copy
 * the statements a new migration needs (prisma/tooling/drift.ts says which).
 *
 *   npx tsx prisma/tooling/sql.ts [path/to/schema.prisma]
 */
import { readSchemaCatalog } from "./datamodel";
import { generateSql } from "./generate-sql";

process.stdout.write(generateSql(readSchemaCatalog(process.argv[2])));
