CREATE TABLE "payout_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
