import { MigrationInterface, QueryRunner } from "typeorm";

export class EventStream1795580000000 implements MigrationInterface {
    name = 'EventStream1795580000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // The change stream's order (src/events/stream): the writing transaction's id, then the event id.
        // Events written before this migration all take this migration's transaction id: they
        // keep their id order among themselves, and every later event sorts after them.
        // A function rather than the expression: TypeORM reads a column's default without its casts.
        await queryRunner.query(`CREATE FUNCTION outbox_txid() RETURNS bigint LANGUAGE sql VOLATILE AS $$ SELECT pg_current_xact_id()::text::bigint $$`);
        await queryRunner.query(`ALTER TABLE "outbox_events" ADD "txid" bigint NOT NULL DEFAULT outbox_txid()`);
        await queryRunner.query(`CREATE INDEX "IDX_7b3f5bcfa104a818cc5712cfbe" ON "outbox_events" ("organisation_id", "txid", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_outbox_events_txid" ON "outbox_events" ("txid", "id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_outbox_events_txid"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_7b3f5bcfa104a818cc5712cfbe"`);
        await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "txid"`);
        await queryRunner.query(`DROP FUNCTION outbox_txid()`);
    }

}
