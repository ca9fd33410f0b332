-- Every running promotion is shown first in Newest and so in the home carousels; the default
-- promotion plans now all say so. Only plans still carrying the old default text change: an
-- admin's own wording stays.
UPDATE "plans" SET "features" = '{"en": ["Listed first in Newest for 24 hours", "Shown first in the home page carousels", "A “Promoted” badge on the card"], "sw": ["Tangazo lako juu kabisa kwa saa 24", "Huonekana kwanza kwenye ukurasa wa mwanzo", "Alama ya “Imepandishwa” kwenye kadi"]}'::jsonb
WHERE "kind" = 'promotion' AND "duration_days" = 1 AND "features" = '{"en": ["Listed first in Newest for 24 hours", "Featured badge on the card"], "sw": ["Tangazo lako juu kabisa kwa saa 24", "Alama ya \"Maalum\" kwenye kadi"]}'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "features" = '{"en": ["Listed first in Newest for 7 days", "Shown first in the home page carousels", "A “Promoted” badge on the card"], "sw": ["Tangazo lako juu kabisa kwa siku 7", "Huonekana kwanza kwenye ukurasa wa mwanzo", "Alama ya “Imepandishwa” kwenye kadi"]}'::jsonb
WHERE "kind" = 'promotion' AND "duration_days" = 7 AND "features" = '{"en": ["Listed first in Newest for 7 days", "Featured badge on the card", "Shown in the home page carousels"], "sw": ["Tangazo lako juu kabisa kwa siku 7", "Alama ya \"Maalum\" kwenye kadi", "Huonekana kwenye ukurasa wa mwanzo"]}'::jsonb;
--> statement-breakpoint
UPDATE "plans" SET "features" = '{"en": ["Listed first in Newest for 30 days", "Shown first in the home page carousels", "A “Promoted” badge on the card", "Best value for agents and developers"], "sw": ["Tangazo lako juu kabisa kwa siku 30", "Huonekana kwanza kwenye ukurasa wa mwanzo", "Alama ya “Imepandishwa” kwenye kadi", "Thamani bora kwa madalali na waendelezaji"]}'::jsonb
WHERE "kind" = 'promotion' AND "duration_days" = 30 AND "features" = '{"en": ["Listed first in Newest for 30 days", "Featured badge on the card", "Shown in the home page carousels", "Best value for agents and developers"], "sw": ["Tangazo lako juu kabisa kwa siku 30", "Alama ya \"Maalum\" kwenye kadi", "Huonekana kwenye ukurasa wa mwanzo", "Thamani bora kwa madalali na waendelezaji"]}'::jsonb;
