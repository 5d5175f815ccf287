-- AlterEnum
ALTER TYPE "PairingChangeKind" ADD VALUE 'ENTERED';
