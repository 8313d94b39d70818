import { MigrationInterface, QueryRunner } from "typeorm";

export class WebhookRateLimit1795610000000 implements MigrationInterface {
    name = 'WebhookRateLimit1795610000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Requests per second the workers together may start to the webhook's URL; null: no limit.
        await queryRunner.query(`ALTER TABLE "webhooks" ADD "rate_limit" integer`);
        await queryRunner.query(`ALTER TABLE "webhooks" ADD CONSTRAINT "CHK_webhooks_rate_limit" CHECK ("rate_limit" BETWEEN 1 AND 1000)`);
        // When a delivery was last held back by its webhook's rate limit (the log shows it waited).
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "last_throttled_at" TIMESTAMP(3) WITH TIME ZONE`);
        // Each rate-limited webhook's sends of the last window, shared by every worker (the row is
        // the lock): when each request started, the slots claimed by requests not yet started
        // (microseconds since the epoch: a claim's time is its identity), and how many deliveries
        // it has held back since the row was made.
        await queryRunner.query(`CREATE TABLE "webhook_send_windows" (
            "organisation_id" integer NOT NULL,
            "webhook_id" integer NOT NULL,
            "recent" TIMESTAMP(3) WITH TIME ZONE array NOT NULL DEFAULT '{}',
            "holds" bigint array NOT NULL DEFAULT '{}',
            "throttled_total" bigint NOT NULL DEFAULT 0,
            CONSTRAINT "PK_webhook_send_windows" PRIMARY KEY ("organisation_id", "webhook_id"),
            CONSTRAINT "FK_webhook_send_windows_webhook" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE
        )`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "webhook_send_windows"`);
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "last_throttled_at"`);
        await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "CHK_webhooks_rate_limit"`);
        await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "rate_limit"`);
    }

}
