#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded here.
# `prisma generate` only checks that an executable exists; it never runs it for generation.
echo "schema engine unavailable: migrations are applied by lib/server/infra/migrate.ts" >&2
exit 1
