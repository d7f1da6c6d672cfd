-- AlterTable
ALTER TABLE "batches" ADD COLUMN     "name" TEXT;
