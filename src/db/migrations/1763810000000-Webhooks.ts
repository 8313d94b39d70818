import { MigrationInterface, QueryRunner } from "typeorm";

export class Webhooks1763810000000 implements MigrationInterface {
    name = 'Webhooks1763810000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Which key seals secrets here (see secrets-key-check.ts): one row, the first process's.
        await queryRunner.query(`CREATE TABLE "secrets_key_fingerprint" ("id" smallint NOT NULL DEFAULT 1, "fingerprint" character(64) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_secrets_key_fingerprint" PRIMARY KEY ("id"), CONSTRAINT "CHK_secrets_key_fingerprint_one_row" CHECK ("id" = 1))`);
        await queryRunner.query(`CREATE TABLE "webhook_services" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "name" character varying(255) NOT NULL, "client_id" character varying(255), "client_secret_sealed" text, "auth_url" text, "is_default" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_11b97a821badd547da3150936f4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_webhook_services_default" ON "webhook_services"  ("organisation_id") WHERE "is_default" AND "deleted_at" IS NULL`);
        await queryRunner.query(`CREATE INDEX "IDX_f859a5029a0a21585bc4fc2ea6" ON "webhook_services"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "webhooks" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "name" character varying(255) NOT NULL, "url" text NOT NULL, "service_id" integer, "events" character varying(64) array NOT NULL, "active" boolean NOT NULL DEFAULT true, "disabled_reason" text, "secret_sealed" text NOT NULL, "previous_secret_sealed" text, "previous_secret_expires_at" TIMESTAMP(3) WITH TIME ZONE, "failing_since" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_d10bc747c1fc2b5ff115e82daa" ON "webhooks"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("id" BIGSERIAL NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" bigint NOT NULL, "event_type" character varying(64) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempt_count" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP(3) WITH TIME ZONE, "last_attempt_at" TIMESTAMP(3) WITH TIME ZONE, "last_status_code" integer, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_04fa926c32b43d66134e059d76" ON "webhook_deliveries"  ("created_at") `);
        await queryRunner.query(`CREATE INDEX "IDX_27d1ee90033bdafe0ffe8f1be6" ON "webhook_deliveries"  ("event_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_ce9ee26a9daab04735456b3ac9" ON "webhook_deliveries"  ("organisation_id", "webhook_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_pending" ON "webhook_deliveries"  ("next_attempt_at") WHERE "status" = 'pending'`);
        await queryRunner.query(`CREATE TABLE "webhook_delivery_attempts" ("id" BIGSERIAL NOT NULL, "organisation_id" integer NOT NULL, "delivery_id" bigint NOT NULL, "attempt_no" integer NOT NULL, "started_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "duration_ms" integer NOT NULL, "status_code" integer, "error" text, "response_body" text, CONSTRAINT "PK_59ef9124585b56c18b98548a0c6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_9676de80ae4fb817a0a6f29839" ON "webhook_delivery_attempts"  ("delivery_id", "attempt_no") `);
        await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_attempts_organisation" ON "webhook_delivery_attempts"  ("organisation_id", "delivery_id") `);
        await queryRunner.query(`ALTER TABLE "outbox_events" ADD "relayed_at" TIMESTAMP(3) WITH TIME ZONE`);
        // Events recorded before webhooks existed had nobody to go to.
        await queryRunner.query(`UPDATE "outbox_events" SET "relayed_at" = "created_at"`);
        // Wakes the webhook relay when events commit (NOTIFY is delivered at commit, once per transaction and payload).
        await queryRunner.query(`CREATE FUNCTION "notify_outbox_events"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('outbox_events', ''); RETURN NULL; END $$`);
        await queryRunner.query(`CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox_events"()`);
        await queryRunner.query(`CREATE INDEX "IDX_dafd7dfdf7c1f0716a857a8298" ON "outbox_events"  ("created_at") `);
        await queryRunner.query(`CREATE INDEX "IDX_outbox_events_unrelayed" ON "outbox_events"  ("id") WHERE "relayed_at" IS NULL`);
        await queryRunner.query(`CREATE INDEX "IDX_97b8f695952854f13bb81bb052" ON "outbox_events"  ("organisation_id", "resource_type", "resource_id", "id") `);
        await queryRunner.query(`ALTER TABLE "webhook_services" ADD CONSTRAINT "FK_becfc20f46d232ad24f61320679" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "webhooks" ADD CONSTRAINT "FK_f17cbaff252a2efbca190dbd0ff" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "webhooks" ADD CONSTRAINT "FK_27ed9e0ac0c0ad9f37988164b56" FOREIGN KEY ("service_id") REFERENCES "webhook_services"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "outbox_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "FK_647916c401c0c275df5f00c148f" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT "FK_647916c401c0c275df5f00c148f"`);
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f"`);
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"`);
        await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "FK_27ed9e0ac0c0ad9f37988164b56"`);
        await queryRunner.query(`ALTER TABLE "webhooks" DROP CONSTRAINT "FK_f17cbaff252a2efbca190dbd0ff"`);
        await queryRunner.query(`ALTER TABLE "webhook_services" DROP CONSTRAINT "FK_becfc20f46d232ad24f61320679"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_97b8f695952854f13bb81bb052"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_outbox_events_unrelayed"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_dafd7dfdf7c1f0716a857a8298"`);
        await queryRunner.query(`DROP TRIGGER "outbox_events_notify" ON "outbox_events"`);
        await queryRunner.query(`DROP FUNCTION "notify_outbox_events"()`);
        await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "relayed_at"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_webhook_delivery_attempts_organisation"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9676de80ae4fb817a0a6f29839"`);
        await queryRunner.query(`DROP TABLE "webhook_delivery_attempts"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_ce9ee26a9daab04735456b3ac9"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_27d1ee90033bdafe0ffe8f1be6"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_04fa926c32b43d66134e059d76"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_pending"`);
        await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_d10bc747c1fc2b5ff115e82daa"`);
        await queryRunner.query(`DROP TABLE "webhooks"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f859a5029a0a21585bc4fc2ea6"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_webhook_services_default"`);
        await queryRunner.query(`DROP TABLE "webhook_services"`);
        await queryRunner.query(`DROP TABLE "secrets_key_fingerprint"`);
    }

}
