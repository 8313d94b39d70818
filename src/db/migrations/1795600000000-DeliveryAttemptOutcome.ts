import { MigrationInterface, QueryRunner } from "typeorm";

export class DeliveryAttemptOutcome1795600000000 implements MigrationInterface {
    name = 'DeliveryAttemptOutcome1795600000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Attempts are now opened (outcome 'in_progress', no duration yet) before their request is
        // sent, and closed after; the ones logged before were all closed, with what their status says.
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" ADD "outcome" character varying(16)`);
        await queryRunner.query(`UPDATE "webhook_delivery_attempts" SET "outcome" = CASE WHEN "status_code" BETWEEN 200 AND 299 THEN 'succeeded' ELSE 'failed' END`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" ALTER COLUMN "outcome" SET NOT NULL`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" ALTER COLUMN "duration_ms" DROP NOT NULL`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" ADD "job_id" uuid`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_webhook_delivery_attempts_open" ON "webhook_delivery_attempts" ("delivery_id") WHERE "outcome" = 'in_progress'`);
        // A rolling upgrade: workers of the previous version, still running while this one
        // migrates, log completed attempts without an outcome. Their rows get the one their status
        // says, as the ones above did, instead of failing NOT NULL.
        await queryRunner.query(`CREATE FUNCTION "webhook_delivery_attempt_outcome_of_status"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW."outcome" IS NULL THEN
                    NEW."outcome" := CASE WHEN NEW."status_code" BETWEEN 200 AND 299 THEN 'succeeded' ELSE 'failed' END;
                END IF;
                RETURN NEW;
            END $$`);
        await queryRunner.query(`CREATE TRIGGER "webhook_delivery_attempts_outcome_of_status" BEFORE INSERT ON "webhook_delivery_attempts" FOR EACH ROW EXECUTE FUNCTION "webhook_delivery_attempt_outcome_of_status"()`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "webhook_delivery_attempts_outcome_of_status" ON "webhook_delivery_attempts"`);
        await queryRunner.query(`DROP FUNCTION "webhook_delivery_attempt_outcome_of_status"()`);
        await queryRunner.query(`DROP INDEX "public"."IDX_webhook_delivery_attempts_open"`);
        // An attempt in flight has no place in the older log.
        await queryRunner.query(`DELETE FROM "webhook_delivery_attempts" WHERE "outcome" = 'in_progress'`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" DROP COLUMN "job_id"`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" ALTER COLUMN "duration_ms" SET NOT NULL`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" DROP COLUMN "outcome"`);
    }

}
