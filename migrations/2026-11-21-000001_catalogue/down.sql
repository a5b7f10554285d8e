DROP TABLE books;
DROP TABLE categories;
DROP TABLE accounts;
