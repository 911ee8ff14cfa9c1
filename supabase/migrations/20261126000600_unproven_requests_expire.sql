-- A request is sold only with a proven phone. Requests confirmed by the old e-mail link but not
-- yet sold when this rule arrived ('pending' with no phone proof) would otherwise wait for a sale
-- that never comes: they expire, as an unconfirmed request does after 48 hours (their homeowner
-- asks again and proves the phone). An admin's payment tests (is_test) are not homeowners'.
update leads set qualification = 'expired'
 where qualification = 'pending' and phone_verified_at is null and not is_test;
