DROP TABLE wish_list_items;
DROP TABLE payments;
DROP TABLE orders;
