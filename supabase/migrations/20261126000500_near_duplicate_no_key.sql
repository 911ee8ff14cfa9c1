-- A near-duplicate description is a flag naming the earlier request, not a reference the database
-- keeps: two near-duplicate requests admitted at the same moment each held its own row and waited
-- for the other's through the foreign key (a deadlock, 40P01, found by the quote bench). The flag
-- is read only by people (the fraud queue); a request it names that was deleted shows as none.
alter table leads drop constraint leads_near_duplicate_of_fkey;
