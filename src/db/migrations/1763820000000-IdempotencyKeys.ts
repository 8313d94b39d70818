import { MigrationInterface, QueryRunner } from "typeorm";

export class IdempotencyKeys1763820000000 implements MigrationInterface {
    name = 'IdempotencyKeys1763820000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Idempotency-Key answers per workspace (src/http/idempotency); the primary key leads with the organisation.
        await queryRunner.query(`CREATE TABLE "idempotency_keys" ("organisation_id" integer NOT NULL, "key" character varying(255) NOT NULL, "fingerprint" character(64) NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'in_progress', "response_status" integer, "response_content_type" character varying(255), "response_body" text, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("organisation_id", "key"))`);
        await queryRunner.query(`CREATE INDEX "IDX_idempotency_keys_organisation_created" ON "idempotency_keys"  ("organisation_id", "created_at") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_idempotency_keys_organisation_created"`);
        await queryRunner.query(`DROP TABLE "idempotency_keys"`);
    }

}
