-- A contractor's change now also says which words it has (docs/decisions/013-contractor-directory.md,
-- "The cache"): "w" = the lexemes of its search vector after the change, and, when its text
-- changed, "v" = those before. A server then tells whether the contractor was or is among the
-- results of a cached free-text search, instead of forgetting every such search on every edit
-- and every rating or favourite that moves someone across a page. When the words would make
-- the notification too long, the change goes without them (a reader forgets as before).
CREATE OR REPLACE FUNCTION public.contractor_profiles_directory_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  rich json;
  lean json;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM new_rows LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.directory_notify(ARRAY(SELECT user_id FROM old_rows LIMIT 51));
  ELSE
    WITH ch AS (
      SELECT n.user_id AS i,
        concat(
          CASE WHEN (n.display_name, n.company_name, n.description) IS DISTINCT FROM (o.display_name, o.company_name, o.description) THEN 't' END,
          CASE WHEN n.service_types IS DISTINCT FROM o.service_types THEN 's' END,
          CASE WHEN (n.country, n.city, n.zone) IS DISTINCT FROM (o.country, o.city, o.zone) THEN 'l' END,
          CASE WHEN (n.rating_avg, n.rating_count) IS DISTINCT FROM (o.rating_avg, o.rating_count) THEN 'r' END,
          CASE WHEN (n.completed_projects, n.rating_count, n.favourites_count, n.rating_avg)
            IS DISTINCT FROM (o.completed_projects, o.rating_count, o.favourites_count, o.rating_avg) THEN 'k' END,
          CASE WHEN (n.display_name, n.company_name, n.description, n.service_types, n.country, n.city, n.zone, n.lat, n.lng,
                     n.verified_at, n.featured, n.rating_avg, n.rating_count, n.completed_projects)
            IS DISTINCT FROM (o.display_name, o.company_name, o.description, o.service_types, o.country, o.city, o.zone, o.lat, o.lng,
                     o.verified_at, o.featured, o.rating_avg, o.rating_count, o.completed_projects) THEN 'd' END
        ) AS c,
        json_build_array(o.completed_projects, o.rating_count, o.favourites_count, o.rating_avg) AS o,
        json_build_array(n.completed_projects, n.rating_count, n.favourites_count, n.rating_avg) AS n,
        to_json(tsvector_to_array(n.search_vector)) AS w,
        CASE WHEN o.search_vector IS DISTINCT FROM n.search_vector THEN to_json(tsvector_to_array(o.search_vector)) END AS v
      FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    ), first_changes AS (
      SELECT * FROM ch WHERE ch.c <> '' LIMIT 51
    )
    SELECT
      json_agg(json_strip_nulls(json_build_object('i', i, 'c', c, 'o', o, 'n', n, 'w', w, 'v', v))),
      json_agg(json_build_object('i', i, 'c', c, 'o', o, 'n', n))
    INTO rich, lean FROM first_changes;
    PERFORM public.directory_notify_changes(CASE WHEN octet_length(rich::text) <= 7900 THEN rich ELSE lean END);
  END IF;
  RETURN NULL;
END $$;
