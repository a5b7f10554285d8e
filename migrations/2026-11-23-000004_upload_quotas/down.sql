DROP TABLE upload_quotas;
