"""One data layer: the number table and the previews a site's browser code reads
say what its published data says, for every rule of every edition."""

from __future__ import annotations

from datafiles import one_data_layer_problems


def test_every_published_rule_is_in_the_number_table_and_previews_with_the_same_url_and_text(built_site, ctx):
    checked, problems = one_data_layer_problems(built_site.site)
    # Every rule of every edition of the model, older editions' included.
    assert checked == sum(1 for editions in ctx.corpus.editions.values() for e in editions for _ in e.rules())
    assert problems == []
