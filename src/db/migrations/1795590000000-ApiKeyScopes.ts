import { MigrationInterface, QueryRunner } from "typeorm";

export class ApiKeyScopes1795590000000 implements MigrationInterface {
    name = 'ApiKeyScopes1795590000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Keys made before scopes keep doing everything: `*` (src/common/scopes.ts).
        await queryRunner.query(`ALTER TABLE "api_keys" ADD "scopes" text array NOT NULL DEFAULT '{*}'`);
        await queryRunner.query(`ALTER TABLE "api_keys" ADD "expires_at" TIMESTAMP(3) WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "expires_at"`);
        await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "scopes"`);
    }

}
