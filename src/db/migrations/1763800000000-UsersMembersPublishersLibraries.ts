import { MigrationInterface, QueryRunner } from "typeorm";

export class UsersMembersPublishersLibraries1763800000000 implements MigrationInterface {
    name = 'UsersMembersPublishersLibraries1763800000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "advertiser_account_members" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "advertiser_account_id" integer NOT NULL, "email" character varying(254) NOT NULL, "email_key" character varying(254) NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "contact_number" character varying(50) NOT NULL DEFAULT '', "staff_title" character varying(100) NOT NULL DEFAULT '', "photo" text NOT NULL DEFAULT '', "active" smallint NOT NULL DEFAULT '1', "password_hash" character varying(255) NOT NULL, CONSTRAINT "PK_4abbb4d4883fe5bf53d0eabc60e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_advertiser_account_members_email" ON "advertiser_account_members"  ("advertiser_account_id", "email_key") WHERE "deleted_at" IS NULL`);
        await queryRunner.query(`CREATE INDEX "IDX_a076ea099694551829cec541d3" ON "advertiser_account_members"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_caaa41403252aee687c5b792d6" ON "advertiser_account_members"  ("organisation_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_6a28e82dcc09cfeed1a45e10e0" ON "advertiser_account_members"  ("organisation_id", "advertiser_account_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_adc488aa970822c927a03749a8" ON "advertiser_account_members"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "organisation_users" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "email" character varying(254) NOT NULL, "email_key" character varying(254) NOT NULL, "idp_id" character varying(255), "idp_alt_id" character varying(255), "email_verified_at" TIMESTAMP(3) WITH TIME ZONE, "contact_number" character varying(50) NOT NULL DEFAULT '', "staff_title" character varying(100), "notification" character varying(1) NOT NULL DEFAULT '1', "photo" text NOT NULL DEFAULT '', "active" smallint NOT NULL DEFAULT '1', "is_deleted" smallint NOT NULL DEFAULT '0', "email_notification" character varying(1) NOT NULL DEFAULT '1', "custom_fields" jsonb NOT NULL DEFAULT '{}', "role_types" smallint array NOT NULL, CONSTRAINT "PK_7dab2acff96ac40d67018701a62" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_organisation_users_email" ON "organisation_users"  ("organisation_id", "email_key") WHERE "deleted_at" IS NULL`);
        await queryRunner.query(`CREATE INDEX "IDX_3662a7505c3cc943ecb3ef2771" ON "organisation_users"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_dd1bd52f780f0665b654aa7bd9" ON "organisation_users"  ("organisation_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_af6520857ecd36391646aff710" ON "organisation_users"  ("organisation_id", "last_name", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_5d7e1e3915e47683003b01aed8" ON "organisation_users"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "publisher_profiles" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "name" character varying(255) NOT NULL, "website" text NOT NULL DEFAULT '', "country" character varying(2) NOT NULL DEFAULT '', "status" character varying(16) NOT NULL DEFAULT 'active', "description" text NOT NULL DEFAULT '', "contact_email" character varying(254) NOT NULL DEFAULT '', "monthly_unique_visitors" integer NOT NULL DEFAULT '0', "monthly_page_views" integer NOT NULL DEFAULT '0', "social_followers" integer NOT NULL DEFAULT '0', "newsletter_subscribers" integer NOT NULL DEFAULT '0', "is_deleted" smallint NOT NULL DEFAULT '0', CONSTRAINT "PK_276d74884ebfff8a1f6ffb7268c" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_511a4b3ad9501e6cd2ea6418f5" ON "publisher_profiles"  ("organisation_id", "updated_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_935dbb8b0882e994cefe16a200" ON "publisher_profiles"  ("organisation_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_49ce68b9956c6d087646e7174b" ON "publisher_profiles"  ("organisation_id", "name", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_1e02493761bd9cbf2ae82684b2" ON "publisher_profiles"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "publisher_titles" ("organisation_id" integer NOT NULL, "deleted_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "id" SERIAL NOT NULL, "publisher_profile_id" integer NOT NULL, "name" character varying(255) NOT NULL, "url" text NOT NULL DEFAULT '', "monthly_unique_visitors" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_c3766c1179d02a300cf7ea1fec5" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_5c32996f77774486d8fafb8ae7" ON "publisher_titles"  ("organisation_id", "publisher_profile_id", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_de2860234a8e5857dca92080fa" ON "publisher_titles"  ("organisation_id", "id") `);
        await queryRunner.query(`CREATE TABLE "reference_entries" ("library" character varying(40) NOT NULL, "id" integer NOT NULL, "name" character varying(100) NOT NULL, "parent_id" integer, CONSTRAINT "PK_7639e1e299e885646a438f0d266" PRIMARY KEY ("library", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_c38061f35ab2cb2d1dda8ff3c6" ON "reference_entries"  ("library", "parent_id") `);
        // The global reference libraries (docs/rest-v2.md). Ids are stable: partners store them.
        await queryRunner.query(`INSERT INTO "reference_entries" ("library", "id", "name", "parent_id") VALUES
            ('distribution-types', 1, 'Article', NULL),
            ('distribution-types', 2, 'Newsletter', NULL),
            ('distribution-types', 3, 'Social media post', NULL),
            ('distribution-types', 4, 'Video', NULL),
            ('distribution-types', 5, 'Display banner', NULL),
            ('distribution-types', 6, 'Podcast', NULL),
            ('distribution-types', 7, 'Native advertising', NULL),
            ('distribution-types', 8, 'Homepage feature', NULL),
            ('distribution-types', 9, 'Push notification', NULL),
            ('distribution-types', 10, 'Event', NULL),
            ('link-types', 1, 'Website', NULL),
            ('link-types', 2, 'Product page', NULL),
            ('link-types', 3, 'Landing page', NULL),
            ('link-types', 4, 'App store', NULL),
            ('link-types', 5, 'Social profile', NULL),
            ('brand-industries', 1, 'Automotive', NULL),
            ('brand-industries', 2, 'Beauty and personal care', NULL),
            ('brand-industries', 3, 'Consumer electronics', NULL),
            ('brand-industries', 4, 'Fashion and apparel', NULL),
            ('brand-industries', 5, 'Financial services', NULL),
            ('brand-industries', 6, 'Food and beverage', NULL),
            ('brand-industries', 7, 'Health and pharma', NULL),
            ('brand-industries', 8, 'Home and garden', NULL),
            ('brand-industries', 9, 'Media and entertainment', NULL),
            ('brand-industries', 10, 'Retail', NULL),
            ('brand-industries', 11, 'Technology and software', NULL),
            ('brand-industries', 12, 'Travel and hospitality', NULL),
            ('brand-sub-industries', 1, 'Car manufacturers', 1),
            ('brand-sub-industries', 2, 'Dealerships', 1),
            ('brand-sub-industries', 3, 'Parts and accessories', 1),
            ('brand-sub-industries', 4, 'Cosmetics', 2),
            ('brand-sub-industries', 5, 'Skincare', 2),
            ('brand-sub-industries', 6, 'Haircare', 2),
            ('brand-sub-industries', 7, 'Mobile phones', 3),
            ('brand-sub-industries', 8, 'Computers', 3),
            ('brand-sub-industries', 9, 'Home audio and video', 3),
            ('brand-sub-industries', 10, 'Clothing', 4),
            ('brand-sub-industries', 11, 'Footwear', 4),
            ('brand-sub-industries', 12, 'Accessories and jewellery', 4),
            ('brand-sub-industries', 13, 'Banking', 5),
            ('brand-sub-industries', 14, 'Insurance', 5),
            ('brand-sub-industries', 15, 'Investment', 5),
            ('brand-sub-industries', 16, 'Packaged food', 6),
            ('brand-sub-industries', 17, 'Soft drinks', 6),
            ('brand-sub-industries', 18, 'Alcoholic drinks', 6),
            ('brand-sub-industries', 19, 'Over-the-counter medicine', 7),
            ('brand-sub-industries', 20, 'Fitness', 7),
            ('brand-sub-industries', 21, 'Wellbeing', 7),
            ('brand-sub-industries', 22, 'Furniture', 8),
            ('brand-sub-industries', 23, 'DIY', 8),
            ('brand-sub-industries', 24, 'Gardening', 8),
            ('brand-sub-industries', 25, 'Streaming', 9),
            ('brand-sub-industries', 26, 'Gaming', 9),
            ('brand-sub-industries', 27, 'Publishing', 9),
            ('brand-sub-industries', 28, 'Supermarkets', 10),
            ('brand-sub-industries', 29, 'Department stores', 10),
            ('brand-sub-industries', 30, 'E-commerce', 10),
            ('brand-sub-industries', 31, 'Consumer apps', 11),
            ('brand-sub-industries', 32, 'Business software', 11),
            ('brand-sub-industries', 33, 'Telecoms', 11),
            ('brand-sub-industries', 34, 'Airlines', 12),
            ('brand-sub-industries', 35, 'Hotels', 12),
            ('brand-sub-industries', 36, 'Tour operators', 12)`);
        await queryRunner.query(`ALTER TABLE "advertiser_account_members" ADD CONSTRAINT "FK_17497592f4ca78cece640aa57db" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "advertiser_account_members" ADD CONSTRAINT "FK_27298ab1b78fac495e5899f3ad5" FOREIGN KEY ("advertiser_account_id") REFERENCES "advertiser_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "organisation_users" ADD CONSTRAINT "FK_8f3eb40d2785e6474c3115145b7" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "publisher_profiles" ADD CONSTRAINT "FK_d0aa7b2b6769e95215461a6417b" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "publisher_titles" ADD CONSTRAINT "FK_ff9d996d896b20d8210dc6463b8" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "publisher_titles" ADD CONSTRAINT "FK_de115d0fdf7177763fd38203346" FOREIGN KEY ("publisher_profile_id") REFERENCES "publisher_profiles"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "publisher_titles" DROP CONSTRAINT "FK_de115d0fdf7177763fd38203346"`);
        await queryRunner.query(`ALTER TABLE "publisher_titles" DROP CONSTRAINT "FK_ff9d996d896b20d8210dc6463b8"`);
        await queryRunner.query(`ALTER TABLE "publisher_profiles" DROP CONSTRAINT "FK_d0aa7b2b6769e95215461a6417b"`);
        await queryRunner.query(`ALTER TABLE "organisation_users" DROP CONSTRAINT "FK_8f3eb40d2785e6474c3115145b7"`);
        await queryRunner.query(`ALTER TABLE "advertiser_account_members" DROP CONSTRAINT "FK_27298ab1b78fac495e5899f3ad5"`);
        await queryRunner.query(`ALTER TABLE "advertiser_account_members" DROP CONSTRAINT "FK_17497592f4ca78cece640aa57db"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_c38061f35ab2cb2d1dda8ff3c6"`);
        await queryRunner.query(`DROP TABLE "reference_entries"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_de2860234a8e5857dca92080fa"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5c32996f77774486d8fafb8ae7"`);
        await queryRunner.query(`DROP TABLE "publisher_titles"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1e02493761bd9cbf2ae82684b2"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_49ce68b9956c6d087646e7174b"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_935dbb8b0882e994cefe16a200"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_511a4b3ad9501e6cd2ea6418f5"`);
        await queryRunner.query(`DROP TABLE "publisher_profiles"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5d7e1e3915e47683003b01aed8"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_af6520857ecd36391646aff710"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_dd1bd52f780f0665b654aa7bd9"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_3662a7505c3cc943ecb3ef2771"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_organisation_users_email"`);
        await queryRunner.query(`DROP TABLE "organisation_users"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_adc488aa970822c927a03749a8"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6a28e82dcc09cfeed1a45e10e0"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_caaa41403252aee687c5b792d6"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a076ea099694551829cec541d3"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_advertiser_account_members_email"`);
        await queryRunner.query(`DROP TABLE "advertiser_account_members"`);
    }

}
