import { MigrationInterface, QueryRunner } from "typeorm";

export class CampaignHierarchy1763790000000 implements MigrationInterface {
    name = 'CampaignHierarchy1763790000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Written by hand: contents and distributions share one id sequence (see src/db/shared-id-sequence.ts).
        await queryRunner.query(`CREATE SEQUENCE "content_distribution_id_seq" AS integer`);
        await queryRunner.query(`CREATE TABLE "phases" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "g_impressions" integer NOT NULL DEFAULT '0', "e_impressions" integer NOT NULL DEFAULT '0', "g_video_views" integer NOT NULL DEFAULT '0', "e_video_views" integer NOT NULL DEFAULT '0', "g_article_views" integer NOT NULL DEFAULT '0', "e_article_views" integer NOT NULL DEFAULT '0', "g_traffic_to_site" integer NOT NULL DEFAULT '0', "e_traffic_to_site" integer NOT NULL DEFAULT '0', "id" SERIAL NOT NULL, "campaign_id" integer NOT NULL, "phase_no" integer NOT NULL, "external_id" character varying(255) NOT NULL DEFAULT '', "phase_title" character varying(255) NOT NULL, "phase_description" text NOT NULL DEFAULT '', "phase_pacing" integer NOT NULL DEFAULT '0', "key_message" text NOT NULL DEFAULT '', "earliest_phase_launch_date" date, "latest_phase_launch_date" date, "earliest_phase_end_date" date, "latest_phase_end_date" date, "no_of_pieces" integer NOT NULL DEFAULT '0', "custom_fields" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_e93bb53460b28d4daf72735d5d3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_phases_campaign_phase_no_live" ON "phases"  ("campaign_id", "phase_no") WHERE "deleted_at" IS NULL`);
        await queryRunner.query(`CREATE INDEX "IDX_dd5cfd72aaec6da833e1db8924" ON "phases"  ("organisation_id", "campaign_id", "phase_no", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_c1aa84cf14f8d4583617205e5c" ON "phases"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "contents" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "g_impressions" integer NOT NULL DEFAULT '0', "e_impressions" integer NOT NULL DEFAULT '0', "g_video_views" integer NOT NULL DEFAULT '0', "e_video_views" integer NOT NULL DEFAULT '0', "g_article_views" integer NOT NULL DEFAULT '0', "e_article_views" integer NOT NULL DEFAULT '0', "g_traffic_to_site" integer NOT NULL DEFAULT '0', "e_traffic_to_site" integer NOT NULL DEFAULT '0', "id" integer NOT NULL DEFAULT nextval('content_distribution_id_seq'::regclass), "campaign_id" integer NOT NULL, "phase_id" integer NOT NULL, "publisher_product_id" integer, "publisher_title_id" integer, "content_name" character varying(255) NOT NULL, "status" smallint NOT NULL DEFAULT '1', "content_description" text NOT NULL DEFAULT '', "live_date" date, "content_editor_id" integer, CONSTRAINT "PK_b7c504072e537532d7080c54fac" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_72df7ba988c9a778553eea660e" ON "contents"  ("organisation_id", "status") `);
        await queryRunner.query(`CREATE INDEX "IDX_42c073baa445665c5f8ba144ff" ON "contents"  ("organisation_id", "phase_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_cd796b25040bb6a640ac2ba128" ON "contents"  ("organisation_id", "campaign_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_7eb79fb8c29fa1094346a19954" ON "contents"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "distribution_links" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "distribution_id" integer NOT NULL, "link_type" integer NOT NULL, "link_label" character varying(255) NOT NULL DEFAULT '', "original_link" text NOT NULL, "hyperlink_text" character varying(255) NOT NULL DEFAULT '', CONSTRAINT "PK_2010dcf3a3db4cc758abc592046" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_distribution_links_distribution" ON "distribution_links"  ("distribution_id") WHERE "deleted_at" IS NULL`);
        await queryRunner.query(`CREATE INDEX "IDX_869c4f3b69dc390fe7e161b955" ON "distribution_links"  ("organisation_id", "distribution_id") `);
        await queryRunner.query(`CREATE TABLE "distributions" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" integer NOT NULL DEFAULT nextval('content_distribution_id_seq'::regclass), "content_id" integer NOT NULL, "campaign_id" integer NOT NULL, "distribution_type_id" integer NOT NULL, "publisher_title_id" integer, "status" smallint NOT NULL DEFAULT '1', "distribution_class" integer NOT NULL DEFAULT '0', "count_clicks_as" integer NOT NULL DEFAULT '0', "distribution_live_date" date, "has_destination_link" smallint NOT NULL DEFAULT '0', "no_of_feedback_allowed" integer NOT NULL DEFAULT '0', "content_title" character varying(255) NOT NULL DEFAULT '', "distribution_label" character varying(255) NOT NULL DEFAULT '', "advertiser_review" smallint NOT NULL DEFAULT '0', CONSTRAINT "PK_b73beffd2ed658ba71d8bd7d820" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_f9e66ecaa63c42425fed66cdef" ON "distributions"  ("organisation_id", "campaign_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_a542e1b3e135b1cd11f0b6129b" ON "distributions"  ("organisation_id", "content_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_08f3981aab085f2fefaa047616" ON "distributions"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "distribution_media" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "distribution_id" integer NOT NULL, "is_body_media" smallint NOT NULL DEFAULT '0', "media_label" character varying(255) NOT NULL DEFAULT '', "file_url" text NOT NULL, "media_notes" text NOT NULL DEFAULT '', CONSTRAINT "PK_35732195f0d01b4d6aeca92f0eb" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_222fed20b9936a15d7598952cb" ON "distribution_media"  ("organisation_id", "distribution_id", "id") `);
        await queryRunner.query(`ALTER TABLE "phases" ADD CONSTRAINT "FK_1892face4238f21e7884d826396" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "phases" ADD CONSTRAINT "FK_818cc2417c453380219a3f88837" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "contents" ADD CONSTRAINT "FK_44561c24fbbba2d054376cf4eba" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "contents" ADD CONSTRAINT "FK_3d13bb55cb7c933406f08bb32cf" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "contents" ADD CONSTRAINT "FK_77941484655a3f4383afea1d11b" FOREIGN KEY ("phase_id") REFERENCES "phases"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distribution_links" ADD CONSTRAINT "FK_d72d5b975e6efde3886e2225d67" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distribution_links" ADD CONSTRAINT "FK_a7eb141dd414dd5347be24a5f27" FOREIGN KEY ("distribution_id") REFERENCES "distributions"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distributions" ADD CONSTRAINT "FK_03908dcd4cca554441da89706c8" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distributions" ADD CONSTRAINT "FK_32ba4e8a35ca5c27c692cebdd65" FOREIGN KEY ("content_id") REFERENCES "contents"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distributions" ADD CONSTRAINT "FK_f6f22de92024abc99fd03d565c3" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distribution_media" ADD CONSTRAINT "FK_2c5872a13644b67c4487ab56c83" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "distribution_media" ADD CONSTRAINT "FK_10eadc6f690be8c5e8ce5f28b4b" FOREIGN KEY ("distribution_id") REFERENCES "distributions"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "distribution_media" DROP CONSTRAINT "FK_10eadc6f690be8c5e8ce5f28b4b"`);
        await queryRunner.query(`ALTER TABLE "distribution_media" DROP CONSTRAINT "FK_2c5872a13644b67c4487ab56c83"`);
        await queryRunner.query(`ALTER TABLE "distributions" DROP CONSTRAINT "FK_f6f22de92024abc99fd03d565c3"`);
        await queryRunner.query(`ALTER TABLE "distributions" DROP CONSTRAINT "FK_32ba4e8a35ca5c27c692cebdd65"`);
        await queryRunner.query(`ALTER TABLE "distributions" DROP CONSTRAINT "FK_03908dcd4cca554441da89706c8"`);
        await queryRunner.query(`ALTER TABLE "distribution_links" DROP CONSTRAINT "FK_a7eb141dd414dd5347be24a5f27"`);
        await queryRunner.query(`ALTER TABLE "distribution_links" DROP CONSTRAINT "FK_d72d5b975e6efde3886e2225d67"`);
        await queryRunner.query(`ALTER TABLE "contents" DROP CONSTRAINT "FK_77941484655a3f4383afea1d11b"`);
        await queryRunner.query(`ALTER TABLE "contents" DROP CONSTRAINT "FK_3d13bb55cb7c933406f08bb32cf"`);
        await queryRunner.query(`ALTER TABLE "contents" DROP CONSTRAINT "FK_44561c24fbbba2d054376cf4eba"`);
        await queryRunner.query(`ALTER TABLE "phases" DROP CONSTRAINT "FK_818cc2417c453380219a3f88837"`);
        await queryRunner.query(`ALTER TABLE "phases" DROP CONSTRAINT "FK_1892face4238f21e7884d826396"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_222fed20b9936a15d7598952cb"`);
        await queryRunner.query(`DROP TABLE "distribution_media"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_08f3981aab085f2fefaa047616"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a542e1b3e135b1cd11f0b6129b"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f9e66ecaa63c42425fed66cdef"`);
        await queryRunner.query(`DROP TABLE "distributions"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_869c4f3b69dc390fe7e161b955"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_distribution_links_distribution"`);
        await queryRunner.query(`DROP TABLE "distribution_links"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_7eb79fb8c29fa1094346a19954"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_cd796b25040bb6a640ac2ba128"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_42c073baa445665c5f8ba144ff"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_72df7ba988c9a778553eea660e"`);
        await queryRunner.query(`DROP TABLE "contents"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_c1aa84cf14f8d4583617205e5c"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_dd5cfd72aaec6da833e1db8924"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_phases_campaign_phase_no_live"`);
        await queryRunner.query(`DROP TABLE "phases"`);
        await queryRunner.query(`DROP SEQUENCE "content_distribution_id_seq"`);
    }

}
