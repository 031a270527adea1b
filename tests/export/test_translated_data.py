"""The published data marks a translated rule whose English original changed
after the English edition the translation follows (issue 41): the Spanish 1.0
of `translated_editions_site`, English 1.1 having reworded 424.1.a."""

from __future__ import annotations

from datafiles import validate_site_data


def test_the_data_marks_the_translated_rule_behind_the_english_text(translated_editions_site):
    data = validate_site_data(translated_editions_site.site)
    spanish = data["riftbound/core-rules/es/v1.0.json"]
    marked = {rule["number"]: rule.get("english_changed") for rule in spanish["rules"]}
    assert marked == {
        "424.1": None,
        "424.1.a": {"follows": "v1.0", "now": "v1.1", "number": "424.1.a", "url": "riftbound/core-rules/424.html#424.1.a"},
        "424.2": None,
    }
    # The English editions carry no such mark.
    for label in ("v1.0", "v1.1"):
        assert all("english_changed" not in rule for rule in data[f"riftbound/core-rules/en/{label}.json"]["rules"])
