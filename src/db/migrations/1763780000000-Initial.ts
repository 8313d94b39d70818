import { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1763780000000 implements MigrationInterface {
    name = 'Initial1763780000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "organisations" ("id" SERIAL NOT NULL, "organization_code" character varying(64) NOT NULL, "name" character varying(255) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_0c25028e8417e3b669782930f0a" UNIQUE ("organization_code"), CONSTRAINT "PK_7bf54cba378d5b2f1d4c10ef4df" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "advertiser_accounts" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(255) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'active', "deactivation_reason" text, "is_deleted" smallint NOT NULL DEFAULT '0', "type" character varying(16) NOT NULL DEFAULT 'brand', "logo" text, "primary_contact_id" integer, "country" character varying(100) NOT NULL DEFAULT '', "state" character varying(100) NOT NULL DEFAULT '', "city" character varying(100), "zip_code" character varying(20), "address1" character varying(255) NOT NULL DEFAULT '', "address2" character varying(255) NOT NULL DEFAULT '', CONSTRAINT "PK_b9338d5e56d572e9157b5c7c151" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_f94ebcc4f884e41b0b53038637" ON "advertiser_accounts"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_8427a1893f16b61ee42e6593b6" ON "advertiser_accounts"  ("organisation_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_93b056c7946e8ec16ff740e607" ON "advertiser_accounts"  ("organisation_id", "name", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_a53fc300f9a364a9e15737ebf4" ON "advertiser_accounts"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "api_keys" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "label" character varying(255), "prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP(3) WITH TIME ZONE, "revoked_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_f68f7c5caa6f5f87a855b8cf3c" ON "api_keys"  ("organisation_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_57384430aa1959f4578046c9b8" ON "api_keys"  ("key_hash") `);
        await queryRunner.query(`CREATE TABLE "campaigns" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "primary_advertiser_account_id" integer NOT NULL, "is_reporting_campaign" smallint NOT NULL DEFAULT '0', "campaign_title" character varying(255) NOT NULL, "brand_promoting" text NOT NULL DEFAULT '', "campaign_status" smallint NOT NULL DEFAULT '1', "campaign_description" text NOT NULL DEFAULT '', "campaign_objective" text NOT NULL DEFAULT '', "no_content_pieces" integer NOT NULL DEFAULT '0', "earliest_start_date" date, "latest_start_date" date, "earliest_end_date" date, "latest_end_date" date, "actual_start_date" date, "campaign_net_cost" numeric(14,2) NOT NULL DEFAULT '0', "campaign_gross_cost" numeric(14,2) NOT NULL DEFAULT '0', "tracking_report_info" text NOT NULL DEFAULT '', "using_utm_tracking" smallint NOT NULL DEFAULT '0', "utm_info" text NOT NULL DEFAULT '', "mandatory_donts" text NOT NULL DEFAULT '', "mandatory_dos" text NOT NULL DEFAULT '', "additional_campaign_notes" text NOT NULL DEFAULT '', "campaign_target_audience_summary" text NOT NULL DEFAULT '', "advertiser_primary_campaign_manager_id" integer, "advertiser_primary_commercial_manager_id" integer, "brief_type" character varying(255) NOT NULL DEFAULT '', "content_messaging_hierarchy" text, "content_look_feel_requests" text NOT NULL DEFAULT '', "media_plan_external_url" text NOT NULL DEFAULT '', "rate_card_external_url" text NOT NULL DEFAULT '', "potential_up_sell_opportunities" text NOT NULL DEFAULT '', "sourcing_imagery" smallint NOT NULL DEFAULT '0', "brand_logo_inclusion" text, "billing_company_name" text NOT NULL DEFAULT '', "billing_company_address" text NOT NULL DEFAULT '', "billing_contact_person" text NOT NULL DEFAULT '', "billing_contact_email" text NOT NULL DEFAULT '', "billing_contact_phone" text NOT NULL DEFAULT '', "purchase_order_number" text NOT NULL DEFAULT '', "add_additional_content_focus_points" text, "g_impressions" integer NOT NULL DEFAULT '0', "e_impressions" integer NOT NULL DEFAULT '0', "g_article_views" integer NOT NULL DEFAULT '0', "e_article_views" integer NOT NULL DEFAULT '0', "g_clicks_to_site" integer NOT NULL DEFAULT '0', "e_clicks_to_site" integer NOT NULL DEFAULT '0', "g_video_views" integer NOT NULL DEFAULT '0', "e_video_views" integer NOT NULL DEFAULT '0', "default_advertiser" character varying(255) NOT NULL DEFAULT '', "brand_industry_id" integer, "brand_sub_industry_id" integer, "crm_deal_link" text NOT NULL DEFAULT '', "advertiser_access" boolean NOT NULL DEFAULT false, "content_plan" boolean NOT NULL DEFAULT false, "workflow_builder" boolean NOT NULL DEFAULT false, "forecaster" boolean NOT NULL DEFAULT false, "skip_client_content_approvals" boolean NOT NULL DEFAULT false, "allow_platform_amp_to_select_segments" smallint NOT NULL DEFAULT '0', CONSTRAINT "PK_831e3fcd4fc45b4e4c3f57a9ee4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_2ad8499a1e44ec7a11f3141443" ON "campaigns"  ("organisation_id", "primary_advertiser_account_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_1034d90615a460404789d431b8" ON "campaigns"  ("organisation_id", "campaign_status") `);
        await queryRunner.query(`CREATE INDEX "IDX_e97765dea4abd78134d7489674" ON "campaigns"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_21727fabad67d69a245c4e43d1" ON "campaigns"  ("organisation_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_bbd3503c34f191459400a49150" ON "campaigns"  ("organisation_id", "campaign_title", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_69bcb462c36d93fd38e473c252" ON "campaigns"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "outbox_events" ("id" BIGSERIAL NOT NULL, "organisation_id" integer NOT NULL, "event_type" character varying(64) NOT NULL, "resource_type" character varying(64) NOT NULL, "resource_id" integer NOT NULL, "payload" json NOT NULL, "request_id" character varying(128), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_aa6b3381963ff5b1f317cffcf3" ON "outbox_events"  ("organisation_id", "id") `);
        await queryRunner.query(`ALTER TABLE "advertiser_accounts" ADD CONSTRAINT "FK_fea66b0327b4edd3bcb34ff52ec" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "api_keys" ADD CONSTRAINT "FK_f68f7c5caa6f5f87a855b8cf3c8" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "campaigns" ADD CONSTRAINT "FK_b01ad04a4fc19c5680f244bbd17" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "campaigns" ADD CONSTRAINT "FK_295d645a99fe1a782cdb1369c5c" FOREIGN KEY ("primary_advertiser_account_id") REFERENCES "advertiser_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "outbox_events" ADD CONSTRAINT "FK_8cb615dcdc7b1039e43c7d98ab7" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "outbox_events" DROP CONSTRAINT "FK_8cb615dcdc7b1039e43c7d98ab7"`);
        await queryRunner.query(`ALTER TABLE "campaigns" DROP CONSTRAINT "FK_295d645a99fe1a782cdb1369c5c"`);
        await queryRunner.query(`ALTER TABLE "campaigns" DROP CONSTRAINT "FK_b01ad04a4fc19c5680f244bbd17"`);
        await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_f68f7c5caa6f5f87a855b8cf3c8"`);
        await queryRunner.query(`ALTER TABLE "advertiser_accounts" DROP CONSTRAINT "FK_fea66b0327b4edd3bcb34ff52ec"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_aa6b3381963ff5b1f317cffcf3"`);
        await queryRunner.query(`DROP TABLE "outbox_events"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_69bcb462c36d93fd38e473c252"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bbd3503c34f191459400a49150"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_21727fabad67d69a245c4e43d1"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e97765dea4abd78134d7489674"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1034d90615a460404789d431b8"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_2ad8499a1e44ec7a11f3141443"`);
        await queryRunner.query(`DROP TABLE "campaigns"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_57384430aa1959f4578046c9b8"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f68f7c5caa6f5f87a855b8cf3c"`);
        await queryRunner.query(`DROP TABLE "api_keys"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a53fc300f9a364a9e15737ebf4"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_93b056c7946e8ec16ff740e607"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_8427a1893f16b61ee42e6593b6"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f94ebcc4f884e41b0b53038637"`);
        await queryRunner.query(`DROP TABLE "advertiser_accounts"`);
        await queryRunner.query(`DROP TABLE "organisations"`);
    }

}
