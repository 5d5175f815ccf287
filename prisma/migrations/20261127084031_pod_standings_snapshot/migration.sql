-- AlterEnum
ALTER TYPE "ReadSnapshotKind" ADD VALUE 'POD_STANDINGS';
