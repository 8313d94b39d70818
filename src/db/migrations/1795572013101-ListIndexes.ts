import { MigrationInterface, QueryRunner } from "typeorm";

export class ListIndexes1795572013101 implements MigrationInterface {
    name = 'ListIndexes1795572013101'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // The sort fields and ranges of the contents and phases lists (src/db/lists): incremental sync reads by updated_at.
        await queryRunner.query(`CREATE INDEX "IDX_4eef7f4740482fea630dcf4c5e" ON "phases"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_989ab04c20656c665a2aa09ef5" ON "contents"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_de7ac78d9c506d53cbe4154616" ON "contents"  ("organisation_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_67d2fed4bc99bc8d8854d553c5" ON "contents"  ("organisation_id", "content_name", "id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_67d2fed4bc99bc8d8854d553c5"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_de7ac78d9c506d53cbe4154616"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_989ab04c20656c665a2aa09ef5"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_4eef7f4740482fea630dcf4c5e"`);
    }

}
